import { useEffect, useRef } from "preact/hooks";
import { imageSrc, PLACEHOLDER_AVATAR } from "../../domain/admin-image.ts";

const fallBack = (img: HTMLImageElement) => {
  if (!img.src.endsWith(PLACEHOLDER_AVATAR)) img.src = PLACEHOLDER_AVATAR;
};

/** An account's picture by the spec's path rule, falling back to the placeholder on error. */
export default function Avatar(
  { image, size, alt = "" }: { image: string | null | undefined; size: number; alt?: string },
) {
  const ref = useRef<HTMLImageElement>(null);
  // A server-rendered image can fail before the island hydrates, when no onError listens yet.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) fallBack(img);
  }, [image]);
  return (
    <img
      ref={ref}
      src={imageSrc(image)}
      alt={alt}
      width={size}
      height={size}
      // Square at its width attribute without a style attribute (the CSP allows none).
      class="aspect-square shrink-0 rounded-full bg-slate-200 object-cover"
      onError={(e) => fallBack(e.currentTarget)}
    />
  );
}
