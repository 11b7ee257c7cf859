import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { PublicAdmin } from "../../domain/admin.ts";
import { ADMIN_USER_STORAGE_KEY } from "../../domain/admin-image.ts";
import type { AdminNavItem } from "../../domain/admin-routes.ts";
import { CLOSE_ICON_PATH } from "../../ui/icons.ts";
import { useModal } from "../use-modal.ts";
import Avatar from "./Avatar.tsx";
import ProfileSettings from "./ProfileSettings.tsx";
import { signOut } from "./ui/sign-out.ts";
import { showFlashToast } from "./ui/toast.ts";

interface Props {
  user: PublicAdmin;
  nav: AdminNavItem[];
  currentPath: string;
  siteName: string;
}

/** Desktop gets the avatar's dropdown; phones go straight to the profile (spec: shell). */
const DESKTOP = "(min-width: 768px)";

/** The <svg> of the menu button's ☰ and the drawer's ×: lines on the 24 × 24 grid. */
const iconAttributes = (size: number) => ({
  "aria-hidden": "true",
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  "stroke-width": 2,
} as const);

const isCurrent = (href: string, path: string) => path === href || path.startsWith(`${href}/`);

/**
 * The back office's frame: top bar (menu button, logo, avatar), the avatar's dropdown
 * (Settings, Logout), the 'Admin Panel' drawer with the role's navigation, and the Profile
 * Settings modal.
 */
export default function AdminShell({ user, nav, currentPath, siteName }: Props) {
  const [drawer, setDrawer] = useState(false);
  const [menu, setMenu] = useState(false);
  const [profile, setProfile] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const avatarRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(user));
  }, [user]);

  // A message the previous page left for after its reload (a saved profile).
  useEffect(showFlashToast, []);

  // A layout effect: Escape and outside clicks work from the moment the menu is on screen
  // (an effect runs after paint, and a quick key press fell in between).
  useLayoutEffect(() => {
    if (!menu) return;
    const outside = (e: Event) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenu(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenu(false);
      avatarRef.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [menu]);

  const onAvatar = () => {
    if (matchMedia(DESKTOP).matches) setMenu(!menu);
    else setProfile(true);
  };

  return (
    <>
      <header class="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div class="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-6">
          <button
            type="button"
            class="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-label="Open menu"
            aria-expanded={drawer}
            aria-controls="admin-drawer"
            onClick={() => setDrawer(true)}
            data-testid="menu-button"
          >
            <svg {...iconAttributes(22)}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <a href="/admin" class="flex items-center gap-2 font-semibold">
            <img src="/images/logo.svg" alt="" width={28} height={28} class="h-7 w-7" />
            <span>{siteName} Admin</span>
          </a>
          <div class="relative ml-auto" ref={menuRef}>
            <button
              ref={avatarRef}
              type="button"
              class="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100"
              aria-label={`Account: ${user.username}`}
              aria-haspopup="menu"
              aria-expanded={menu}
              onClick={onAvatar}
              data-testid="avatar-button"
            >
              <Avatar image={user.image} size={32} />
              <span
                class="hidden max-w-40 truncate text-sm font-medium md:inline"
                data-testid="shell-username"
              >
                {user.username}
              </span>
            </button>
            {menu && (
              <div
                role="menu"
                class="absolute right-0 mt-2 w-44 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200"
              >
                <button
                  type="button"
                  role="menuitem"
                  class="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100"
                  onClick={() => {
                    setMenu(false);
                    setProfile(true);
                  }}
                >
                  Settings
                </button>
                <button
                  type="button"
                  role="menuitem"
                  class="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100"
                  onClick={signOut}
                >
                  Logout
                </button>
              </div>
            )}
          </div>
        </div>
      </header>
      {drawer && (
        <Drawer
          user={user}
          nav={nav}
          currentPath={currentPath}
          onClose={() => setDrawer(false)}
        />
      )}
      {profile && <ProfileSettings user={user} onClose={() => setProfile(false)} />}
    </>
  );
}

function Drawer(
  { user, nav, currentPath, onClose }: Omit<Props, "siteName"> & { onClose: () => void },
) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(true, ref, onClose);
  return (
    <div class="fixed inset-0 z-50">
      <div class="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        id="admin-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="admin-drawer-title"
        tabIndex={-1}
        class="absolute inset-y-0 left-0 flex w-80 max-w-[80vw] flex-col bg-white shadow-xl"
        data-testid="admin-drawer"
      >
        <div class="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id="admin-drawer-title" class="text-lg font-semibold">Admin Panel</h2>
          <button
            type="button"
            class="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            aria-label="Close menu"
            onClick={onClose}
          >
            <svg {...iconAttributes(20)}>
              <path d={CLOSE_ICON_PATH} />
            </svg>
          </button>
        </div>
        <div class="flex items-center gap-3 px-4 py-4">
          <span class="relative">
            <Avatar image={user.image} size={56} />
            {user.status === "active" && (
              <span
                class="absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full bg-green-500 ring-2 ring-white"
                title="Active"
                data-testid="active-dot"
              >
                <span class="sr-only">Active</span>
              </span>
            )}
          </span>
          <div class="min-w-0">
            <p class="truncate font-semibold">{user.username}</p>
            <p class="truncate text-sm text-slate-600">{user.email}</p>
            <p class="text-xs capitalize text-slate-500">{user.role}</p>
          </div>
        </div>
        <nav aria-label="Admin" class="flex-1 overflow-y-auto px-2">
          <ul class="space-y-1">
            {nav.map((item) => {
              const current = isCurrent(item.href, currentPath);
              return (
                <li key={item.href}>
                  <a
                    href={item.href}
                    onClick={onClose}
                    aria-current={current ? "page" : undefined}
                    class={`block rounded-lg px-3 py-2 text-sm font-medium ${
                      current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div class="border-t border-slate-200 p-4">
          <button
            type="button"
            onClick={signOut}
            class="w-full rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
