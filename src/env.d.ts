/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    services: import("./services/container.ts").Services;
    /** The signed-in staff member on /admin pages (set by src/middleware.ts). */
    admin?: import("./domain/admin.ts").PublicAdmin;
  }
}
