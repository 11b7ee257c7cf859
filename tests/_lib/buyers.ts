/** What crowd tests' and benches' buyers send, the shop's way (X-Forwarded-For: TRUST_PROXY=true). */

/** Buyer i's own address, as the proxy would forward it. */
export const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export async function post(base: string, path: string, body: unknown, address: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Buyer i's checkout of `quantity` boards at `price` (600 €) shipped to France for `fee` (9.90 €). */
export function orderData(
  board: { id: string; name: string },
  i: number,
  { quantity = 1, price = 600, fee = 9.9 }: { quantity?: number; price?: number; fee?: number } =
    {},
) {
  return {
    customer: {
      firstName: "Buyer",
      lastName: String(i),
      email: `buyer${i}@example.com`,
      phone: "+33612345678",
    },
    shippingAddress: {
      address: "1 rue de la Paix",
      city: "Toulouse",
      state: "Occitanie",
      zipCode: "31000",
      country: "France",
    },
    items: [{ id: board.id, title: board.name, price, quantity }],
    subtotal: price * quantity,
    shippingFee: fee,
    total: Math.round((price * quantity + fee) * 100) / 100,
    paymentMethod: "stripe",
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", fee, currency: "EUR" },
  };
}
