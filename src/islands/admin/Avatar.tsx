import { imageSrc, PLACEHOLDER_AVATAR } from "../../domain/admin-image.ts";

/** An account's picture by the spec's path rule, falling back to the placeholder on error. */
export default function Avatar(
  { image, size, alt = "" }: { image: string | null | undefined; size: number; alt?: string },
) {
  return (
    <img
      src={imageSrc(image)}
      alt={alt}
      width={size}
      height={size}
      class="rounded-full bg-slate-200 object-cover"
      style={{ width: `${size}px`, height: `${size}px` }}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_AVATAR)) img.src = PLACEHOLDER_AVATAR;
      }}
    />
  );
}
