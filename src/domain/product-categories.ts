/** The product categories staff choose from (spec section 9); no zod, islands use it. */
export const PRODUCT_CATEGORIES = [
  "Development Boards",
  "Arduino",
  "Raspberry Pi",
  "ESP32",
  "STM32",
  "Microcontrollers",
  "Sensors",
  "Modules",
  "Other",
] as const;
