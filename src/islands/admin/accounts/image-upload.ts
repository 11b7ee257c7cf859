import { adminApi } from "../ui/api.ts";
import { StaffError } from "../ui/errors.ts";

/** Uploads a picked image; answers its stored path. Throws 'Failed to upload image'. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  try {
    const res = await adminApi<{ path?: string; imageUrl?: string }>("/api/upload/image", {
      method: "POST",
      form,
    });
    return res.path ?? res.imageUrl ?? "";
  } catch {
    throw new StaffError("Failed to upload image");
  }
}

/** Removes a replaced upload (only our own /uploads/ files); a failure is ignored (spec). */
export async function deleteReplacedImage(previous: string, next: string) {
  if (!previous.includes("/uploads/") || previous === next) return;
  const name = previous.split("/uploads/").pop();
  if (!name) return;
  await adminApi(`/api/upload/delete/${encodeURIComponent(name)}`, { method: "DELETE" })
    .catch(() => {});
}
