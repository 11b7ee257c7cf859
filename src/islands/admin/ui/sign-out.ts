import { ADMIN_USER_STORAGE_KEY } from "../../../domain/admin-image.ts";

/** Ends the session on the server, forgets the stored user, and goes to the login page. */
export async function signOut() {
  try {
    await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
  } finally {
    localStorage.removeItem(ADMIN_USER_STORAGE_KEY);
    location.assign("/admin/login");
  }
}
