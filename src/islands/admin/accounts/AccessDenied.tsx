/** What a non-superadmin sees inside Admin Management (spec). */
export default function AccessDenied({ role }: { role: string }) {
  return (
    <div role="alert" class="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h2 class="text-lg font-semibold">Access Denied</h2>
      <p class="mt-2">
        Only Super Admins can access Admin Management. Your current role is: {role}
      </p>
      <p class="mt-1 text-sm">
        You can only manage orders and products with your current permissions.
      </p>
    </div>
  );
}
