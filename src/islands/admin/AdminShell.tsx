import type { PublicAdmin } from "../../domain/admin.ts";
import type { AdminNavItem } from "../../domain/admin-routes.ts";

interface Props {
  user: PublicAdmin;
  nav: AdminNavItem[];
  currentPath: string;
  siteName: string;
}

/** The back office's top bar and navigation. */
export default function AdminShell({ user, nav, currentPath, siteName }: Props) {
  return (
    <header class="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div class="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-6">
        <a href="/admin" class="font-semibold">{siteName} Admin</a>
        <nav aria-label="Admin" class="flex flex-1 gap-2 overflow-x-auto text-sm">
          {nav.map((item) => (
            <a
              key={item.href}
              href={item.href}
              aria-current={currentPath.startsWith(item.href) ? "page" : undefined}
              class="rounded px-2 py-1 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
            >
              {item.label}
            </a>
          ))}
        </nav>
        <span class="text-sm text-slate-600">{user.username}</span>
      </div>
    </header>
  );
}
