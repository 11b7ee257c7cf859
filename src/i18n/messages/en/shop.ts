import { NOTIFY_MESSAGES } from "../../../domain/stock-notification-request.ts";

/** The shop's grid, cards, product pages and details modal (islands and server HTML). */
export const shop = {
  heroTitle: "Electronic Development Solutions",
  heroText:
    "Boards, power stages and sensors that work together out of the box. Prices include VAT; delivery is extra.",
  viewCart: "View Cart ({count})",
  products: "Products",
  loading: "Loading products...",
  addToCart: "Add to Cart",
  details: "Details",
  priceNote: "incl. VAT, plus delivery",
  notifyWhenAvailable: "Notify When Available",
  outOfStock: "Out of stock",
  inStock: "In stock",
  quantity: "Quantity",
  closeDetails: "Close details",
  viewProductPage: "View product page",
  added: "{title} added to cart!",
  removed: "Item removed from cart",
  breadcrumb: "Breadcrumb",
  backToShop: "Back to the shop",
  /** A product page's description when the product has none. */
  fromTheShop: "{title} from the {site} shop.",
  pageDescription:
    "Buy the real-time DSP and motor-control development board, motor driver shields, sensors and accessories. Prices in euros, VAT included.",
  pageKeywords: ["buy DSP board", "motor driver shield", "development board shop"],
  /** The categories staff choose from (domain/product-categories.ts), as this language says them. */
  categories: {
    "Development Boards": "Development Boards",
    Arduino: "Arduino",
    "Raspberry Pi": "Raspberry Pi",
    ESP32: "ESP32",
    STM32: "STM32",
    Microcontrollers: "Microcontrollers",
    Sensors: "Sensors",
    Modules: "Modules",
    Other: "Other",
  } as Record<string, string>,
};

/** The stock alert dialog ('Notify When Available'). */
export const stock = {
  ...NOTIFY_MESSAGES,
  title: "Notify When Available",
  close: "Close",
  intro: "{title} is out of stock. Leave your email and we will tell you when it is back.",
  email: "Email address",
  cancel: "Cancel",
  submit: "Notify Me",
  busy: "Subscribing...",
};

/** The cart drawer. */
export const cart = {
  title: "Shopping Cart",
  close: "Close cart",
  empty: "Your cart is empty.",
  country: "Shipping country",
  loadingCountries: "Loading countries...",
  selectCountry: "Select a country",
  subtotal: "Subtotal",
  shippingTo: "Shipping to {country}",
  loadingFee: "Loading shipping fee...",
  total: "Total",
  chooseCountry: "Choose a shipping country to continue.",
  lowerQuantity: "Lower the quantity of {titles} to what is available to continue.",
  proceed: "Proceed to Checkout",
  decrease: "Decrease quantity of {title}",
  increase: "Increase quantity of {title}",
  quantityOf: "Quantity of {title}",
  removeLabel: "Remove {title} from cart",
  remove: "Remove",
  outOfStock: "Out of stock",
  onlyAvailableOne: "Only {count} available",
  onlyAvailableOther: "Only {count} available",
};
