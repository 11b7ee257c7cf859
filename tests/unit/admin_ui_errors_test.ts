import { ApiError } from "../../src/islands/admin/ui/api.ts";
import { errorSentence, StaffError } from "../../src/islands/admin/ui/errors.ts";
import {
  formatShopTime,
  fromShopDateTimeInput,
  shopDateTimeInput,
} from "../../src/domain/shop-time.ts";
import { assertEquals } from "../_lib/assert.ts";

Deno.test("[unit] admin errors: field errors read with the screen's labels, never the validator's", () => {
  const refused = new ApiError(
    400,
    "customer.firstName: Too small: expected string to have >=1 characters",
    [
      { field: "customer.firstName", message: "Too small: expected string to have >=1 characters" },
      {
        field: "shippingAddress.city",
        message: "Invalid input: expected string, received undefined",
      },
      { field: "customer.email", message: "Please enter a valid email address" },
      { field: "items.0.quantity", message: "Too big: expected number to be <=999" },
    ],
  );
  assertEquals(
    errorSentence(refused, "Failed to create order", {
      "customer.firstName": "First name",
      "items.quantity": "Quantity",
    }),
    "First name is required\nCity is required\nEmail: Please enter a valid email address\nQuantity is not valid",
  );
});

Deno.test("[unit] admin errors: technical failures give the spec's fallback", () => {
  const fallback = "Failed to toggle status for admin";
  assertEquals(
    errorSentence(new ApiError(500, "Something went wrong on our side."), fallback),
    fallback,
  );
  assertEquals(errorSentence(new ApiError(502, ""), fallback), fallback);
  assertEquals(errorSentence(new TypeError("Failed to fetch"), fallback), fallback);
  assertEquals(errorSentence(new ApiError(409, ""), fallback), fallback, "no message: fallback");
  assertEquals(
    errorSentence(new ApiError(409, "Order id already used"), fallback),
    "Order id already used",
  );
  assertEquals(
    errorSentence(new StaffError("Failed to upload image"), fallback),
    "Failed to upload image",
  );
});

Deno.test("[unit] shop time: wall clock in and out of the shop's zone, whatever the host's", () => {
  const at = Date.parse("2026-11-23T15:26:00Z");
  assertEquals(shopDateTimeInput(at, "Europe/Paris"), "2026-11-23T16:26");
  assertEquals(fromShopDateTimeInput("2026-11-23T16:26", "Europe/Paris"), at);
  assertEquals(
    new Date(fromShopDateTimeInput("2026-07-01T09:30", "Europe/Paris")).toISOString(),
    "2026-07-01T07:30:00.000Z",
    "summer time",
  );
  assertEquals(fromShopDateTimeInput("2026-11-23T", "Europe/Paris"), NaN);
  assertEquals(formatShopTime("2026-11-23T15:26:00Z", "America/New_York"), "23 Nov 2026, 10:26");
});
