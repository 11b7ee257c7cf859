import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import FormField from "../../../ui/FormField.tsx";

/** The image a form has picked, and its preview (released when another is picked). */
export function usePickedImage() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  function pick(chosen: File | null) {
    setFile(chosen);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  }
  return { file, preview, pick };
}

/** An image's file field; `children` (its preview) stand under the input. */
export default function ImageField(
  { id, label, marked, onPick, children }: {
    id: string;
    label: string;
    marked?: boolean;
    onPick: (file: File | null) => void;
    children?: ComponentChildren;
  },
) {
  return (
    <FormField id={id} label={label} marked={marked}>
      {(wiring) => (
        <>
          <input
            {...wiring}
            type="file"
            accept="image/*"
            class="mt-1 block w-full text-sm"
            onChange={(e) => onPick(e.currentTarget.files?.[0] ?? null)}
          />
          {children}
        </>
      )}
    </FormField>
  );
}
