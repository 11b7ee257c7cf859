/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    services: import("./services/container.ts").Services;
  }
}
