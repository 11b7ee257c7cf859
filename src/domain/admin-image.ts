/** The avatar shown when an account has no image or its image fails to load. */
export const PLACEHOLDER_AVATAR = "/images/admin/avatar.svg";

/**
 * The spec's image path rule: empty gives the placeholder, a full http(s) URL is used as is,
 * a relative path is served by our own host.
 */
export function imageSrc(path: string | null | undefined): string {
  const p = (path ?? "").trim();
  if (!p) return PLACEHOLDER_AVATAR;
  if (/^https?:\/\//i.test(p)) return p;
  return p.startsWith("/") ? p : `/${p}`;
}

/** Browser storage key of the signed-in user (the token itself stays in an httpOnly cookie). */
export const ADMIN_USER_STORAGE_KEY = "adminUser";
