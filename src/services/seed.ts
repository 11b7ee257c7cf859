import type { ProductInput } from "../domain/product.ts";
import type { ShippingFeeInput } from "../domain/shipping-fee.ts";
import type { Services } from "./container.ts";
import { hashPassword, randomPassword } from "./passwords.ts";
import { log } from "./log.ts";

const SEEDED_KEY = ["meta", "seeded_at"];

/** A no-break space (French typography: before « : » and between a number and its unit). */
const NB = "\u00a0";

export function demoProducts(siteName: string): ProductInput[] {
  return [
    {
      name: `${siteName} DSP Board`,
      description:
        `The real-time DSP and motor-control development board behind the ${siteName} framework. ` +
        "A shield for Arduino, STM32 Nucleo and Raspberry Pi, or a stand-alone board on USB: " +
        "draw your control loop as a block diagram, run it at 20 kHz and watch every signal live.",
      price: 600,
      image: "/images/products/dsp-board.svg",
      hoverImage: "/images/products/dsp-board-back.svg",
      category: ["Development Boards"],
      features: [
        "480 MHz DSP core with double-precision FPU, control loops up to 20 kHz",
        "Shield headers for Arduino, STM32 Nucleo and Raspberry Pi, USB-C to a PC",
        "6 PWM channels with dead-time, ready for a 3-phase inverter",
        "8 × 16-bit ADC channels, 2 DAC outputs, 2 quadrature encoder inputs",
        "Programmed as block diagrams: no code generation, live signal monitoring",
      ],
      fr: {
        name: `Carte DSP ${siteName}`,
        description:
          `La carte de développement DSP et de commande moteur temps réel de l’environnement ${siteName}. ` +
          "Un shield pour Arduino, STM32 Nucleo et Raspberry Pi, ou une carte autonome en USB" +
          NB + ": " +
          "dessinez votre boucle de commande en schéma-blocs, exécutez-la à 20" + NB +
          "kHz et observez chaque signal en direct.",
        features: [
          "Cœur DSP à 480" + NB + "MHz avec FPU double précision, boucles de commande jusqu’à 20" +
          NB + "kHz",
          "Connecteurs shield pour Arduino, STM32 Nucleo et Raspberry Pi, USB-C vers un PC",
          "6 voies MLI avec temps mort, prêtes pour un onduleur triphasé",
          "8 voies CAN 16 bits, 2 sorties CNA, 2 entrées de codeur en quadrature",
          "Programmée en schémas-blocs" + NB +
          ": aucune génération de code, supervision des signaux en direct",
        ],
      },
      stock: 25,
    },
    {
      name: "3-Phase Motor Driver Shield",
      description:
        "A 48 V / 10 A three-phase inverter stage that stacks on the DSP board: gate drivers, " +
        "phase-current shunts and bus-voltage sensing wired to the board's ADCs.",
      price: 149,
      image: "/images/products/motor-shield.svg",
      category: ["Modules"],
      features: [
        "12–48 V DC bus, 10 A continuous per phase",
        "Three phase-current shunts with 16-bit sensing",
        "Hardware over-current trip in under 1 µs",
        "Hall and encoder connectors on board",
      ],
      fr: {
        name: "Shield de pilotage moteur triphasé",
        description: "Un étage onduleur triphasé 48" + NB + "V / 10" + NB +
          "A qui s’empile sur la carte DSP" + NB + ": pilotes de grille, " +
          "shunts de courant de phase et mesure de la tension de bus reliés aux CAN de la carte.",
        features: [
          "Bus continu de 12 à 48" + NB + "V, 10" + NB + "A permanents par phase",
          "Trois shunts de courant de phase avec mesure 16 bits",
          "Coupure matérielle sur surintensité en moins d’1" + NB + "µs",
          "Connecteurs Hall et codeur sur la carte",
        ],
      },
      stock: 40,
    },
    {
      name: "USB Isolation Module",
      description:
        "Galvanic isolation between your PC and the power stage: debug a live inverter without " +
        "ground loops or a fried laptop.",
      price: 59,
      image: "/images/products/usb-isolator.svg",
      category: ["Modules"],
      features: [
        "5 kV RMS isolation, USB 2.0 full speed",
        "Powers the board's logic side from the PC",
        "Plugs between the board and any USB-C cable",
      ],
      fr: {
        name: "Module d’isolation USB",
        description: "Une isolation galvanique entre votre PC et l’étage de puissance" + NB +
          ": déboguez un onduleur sous tension " +
          "sans boucle de masse ni ordinateur grillé.",
        features: [
          "Isolation 5" + NB + "kV efficaces, USB" + NB + "2.0 pleine vitesse",
          "Alimente la partie logique de la carte depuis le PC",
          "Se branche entre la carte et n’importe quel câble USB-C",
        ],
      },
      stock: 60,
    },
    {
      name: "Encoder & Hall Sensor Kit",
      description:
        "A 2048-line incremental encoder and a Hall sensor board with cables, for closed-loop " +
        "speed and position control out of the box.",
      price: 39,
      image: "/images/products/encoder-kit.svg",
      category: ["Sensors"],
      features: [
        "2048 lines per revolution, A/B/Z outputs",
        "Three-channel Hall sensor board",
        "Shielded cables with keyed connectors",
      ],
      fr: {
        name: "Kit codeur et capteurs Hall",
        description: "Un codeur incrémental 2048" + NB +
          "points et une carte de capteurs Hall avec leurs câbles, pour une " +
          "commande de vitesse et de position en boucle fermée prête à l’emploi.",
        features: [
          "2048" + NB + "points par tour, sorties A/B/Z",
          "Carte de capteurs Hall à trois voies",
          "Câbles blindés avec connecteurs à détrompeur",
        ],
      },
      stock: 0,
    },
    {
      name: "Sensor Expansion Board",
      description:
        "Analogue front-ends for the lab: two load-cell bridges, a 3-axis IMU and four ±10 V " +
        "inputs, all scaled for the board's ADCs.",
      price: 89,
      image: "/images/products/sensor-board.svg",
      category: ["Sensors"],
      features: [
        "Two strain-gauge bridge amplifiers",
        "3-axis accelerometer and gyroscope",
        "Four ±10 V industrial inputs",
      ],
      fr: {
        name: "Carte d’extension capteurs",
        description: "Des étages d’entrée analogiques pour le laboratoire" + NB +
          ": deux ponts de jauges, une centrale inertielle 3" + NB + "axes et " +
          "quatre entrées ±10" + NB + "V, toutes mises à l’échelle des CAN de la carte.",
        features: [
          "Deux amplificateurs pour ponts de jauges de contrainte",
          "Accéléromètre et gyroscope 3" + NB + "axes",
          "Quatre entrées industrielles ±10" + NB + "V",
        ],
      },
      stock: 15,
    },
    {
      name: "Cable & Connector Kit",
      description: "Every lead you need to wire the board to motors, sensors and bench supplies.",
      price: 24.5,
      image: "/images/products/cable-kit.svg",
      category: ["Other"],
      features: [
        "Jumper, JST and screw-terminal leads",
        "USB-C cable, 1.5 m",
        "Banana-to-terminal power leads",
      ],
      fr: {
        name: "Kit câbles et connecteurs",
        description:
          "Tous les cordons pour relier la carte aux moteurs, aux capteurs et aux alimentations de laboratoire.",
        features: [
          "Cordons à broches, JST et à bornier à vis",
          "Câble USB-C, 1,5" + NB + "m",
          "Cordons d’alimentation banane vers bornier",
        ],
      },
      stock: 100,
    },
  ];
}

export const DEMO_SHIPPING_FEES: ShippingFeeInput[] = [
  { country: "France", shippingFee: 9.9 },
  { country: "Belgium", shippingFee: 12.5 },
  { country: "Germany", shippingFee: 12.5 },
  { country: "Netherlands", shippingFee: 12.5 },
  { country: "Spain", shippingFee: 14 },
  { country: "Italy", shippingFee: 14 },
  { country: "Switzerland", shippingFee: 19 },
  { country: "United Kingdom", shippingFee: 19 },
  { country: "Tunisia", shippingFee: 22 },
  { country: "Morocco", shippingFee: 22 },
  { country: "United States", shippingFee: 35, currency: "EUR" },
  { country: "Canada", shippingFee: 35 },
  { country: "Japan", shippingFee: 39, isActive: false },
];

/**
 * Fills an empty KV with the demo catalogue, shipping fees and a first superadmin. Runs once:
 * a marker records it, and nothing is ever written over existing data.
 */
export async function seedIfEmpty(
  services: Services,
  say: (line: string) => void = (line) => log.warn(line),
) {
  const { kv, config } = services;
  const marker = await kv.get(SEEDED_KEY);
  if (marker.value) return false;
  const claim = await kv.atomic().check(marker).set(SEEDED_KEY, new Date().toISOString()).commit();
  if (!claim.ok) return false; // another instance is seeding

  if ((await services.products.list()).length === 0) {
    for (const product of demoProducts(config.siteName)) await services.products.create(product);
  }
  if ((await services.shippingFees.list()).length === 0) {
    for (const fee of DEMO_SHIPPING_FEES) await services.shippingFees.create(fee);
  }
  if ((await services.admins.count()) === 0) {
    const password = config.adminPassword ?? randomPassword();
    await services.admins.create({
      username: "Superadmin",
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      role: "superadmin",
    });
    if (config.adminPassword) say(`First superadmin created: ${config.adminEmail}`);
    else {
      say(`First superadmin created: ${config.adminEmail} with password ${password}`);
      say("This password is shown only once. Set ADMIN_PASSWORD to choose your own.");
    }
  }
  return true;
}
