import { messagesFor } from "../../i18n/catalog.ts";
import { type Lang, localePath } from "../../i18n/locales.ts";
import type { ComponentChildren } from "preact";

/** Shared building blocks of the marketing pages (server-rendered, no JavaScript). */

/** What a page's content is given by its shell (layouts/ContentPage.astro). */
export interface ContentProps {
  lang: Lang;
  siteName: string;
  companyName: string;
}

export const buttonPrimary =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700";
export const buttonLight =
  "inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50";
export const buttonOutlineLight =
  "inline-flex items-center justify-center rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10";
export const buttonOutline =
  "inline-flex items-center justify-center rounded-lg border border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50";

/** An illustration's file and drawn size; its text alternative is the page's (one per language). */
export interface Picture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The site's illustrations, each drawn at one size. */
export const PICTURES = {
  blockDiagram: { src: "/images/illustrations/block-diagram.svg", width: 640, height: 420 },
  monitoring: { src: "/images/illustrations/monitoring.svg", width: 640, height: 420 },
  prototyping: { src: "/images/illustrations/prototyping.svg", width: 640, height: 420 },
  board: { src: "/images/products/dsp-board.svg", width: 400, height: 300 },
  videoPoster: { src: "/images/illustrations/video-poster.svg", width: 640, height: 360 },
} as const;

/** The illustrations drawn with words: each has its French drawing under /images/illustrations/fr/. */
const WORDED: readonly string[] = [PICTURES.blockDiagram.src, PICTURES.prototyping.src];

/** An illustration as a page in `lang` shows it: its words drawn in that language. */
export function pictureIn<P extends { src: string }>(picture: P, lang: Lang): P {
  if (lang === "en" || !WORDED.includes(picture.src)) return picture;
  return { ...picture, src: picture.src.replace("/illustrations/", `/illustrations/${lang}/`) };
}

/** An illustration: a hero's (`first`) loads at once, the others when the reader nears them. */
export function Illustration(
  { image, first = false, class: className }: { image: Picture; first?: boolean; class: string },
) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      fetchpriority={first ? "high" : undefined}
      loading={first ? undefined : "lazy"}
      decoding="async"
      class={className}
    />
  );
}

/** The gradient band a page opens with: a column of text and, beside it, an illustration. */
export function HeroBand(
  { compact = false, aside, children }: {
    /** Less padding (the demo page, whose form follows at once). */
    compact?: boolean;
    aside?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  const spacing = compact ? "gap-10 px-4 py-14 sm:px-6" : "gap-12 px-4 py-16 sm:px-6 sm:py-20";
  return (
    <section class="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div class={`mx-auto grid max-w-7xl items-center ${spacing} lg:grid-cols-2`}>
        <div>{children}</div>
        {aside}
      </div>
    </section>
  );
}

/** A hero's words, from the catalogue (which holds the labels of its buttons too). */
interface HeroCopy {
  eyebrow?: string;
  title: string;
  text: string;
}

/** The page a hero's button leads to, by the key of its label in the hero's copy. */
const HERO_BUTTON_PATHS = {
  demo: "/request-a-demo",
  learnMore: "/request-a-demo",
  features: "/features",
  videos: "/video-library",
} as const;

export type HeroButton = keyof typeof HERO_BUTTON_PATHS;

/** A page's opening band: its copy, up to two buttons and an optional illustration. */
export function PageHero<K extends HeroButton = never>(
  { lang, copy, buttons = [], more = {}, image, children }: {
    lang: Lang;
    copy: HeroCopy & Record<NoInfer<K>, string>;
    /** Its buttons, by the key of their label in the copy. */
    buttons?: readonly K[];
    /** What screen readers (and crawlers) hear after a label that is vague alone. */
    more?: Partial<Record<NoInfer<K>, string>>;
    image?: Picture;
    children?: ComponentChildren;
  },
) {
  return (
    <HeroBand
      aside={image && (
        <Illustration image={image} first class="h-auto w-full rounded-2xl shadow-2xl" />
      )}
    >
      {copy.eyebrow && (
        <p class="text-sm font-semibold uppercase tracking-widest text-brand-100">
          {copy.eyebrow}
        </p>
      )}
      <h1 class="mt-3 text-4xl font-bold leading-tight sm:text-5xl">{copy.title}</h1>
      <p class="mt-6 max-w-2xl text-lg leading-8 text-brand-50">{copy.text}</p>
      {buttons.length > 0 && (
        <div class="mt-10 flex flex-wrap gap-4">
          {buttons.map((label, i) => (
            <a
              key={label}
              href={localePath(lang, HERO_BUTTON_PATHS[label])}
              class={i === 0 ? buttonLight : buttonOutlineLight}
            >
              {copy[label]}
              {more[label] && <span class="sr-only">{` ${more[label]}`}</span>}
            </a>
          ))}
        </div>
      )}
      {children}
    </HeroBand>
  );
}

export function Section(
  { id, title, intro, children, tone = "white", labelledBy }: {
    id?: string;
    title?: string;
    intro?: string;
    children?: ComponentChildren;
    tone?: "white" | "tint";
    labelledBy?: string;
  },
) {
  const headingId = labelledBy ?? (id ? `${id}-title` : undefined);
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      class={tone === "tint" ? "bg-brand-50" : "bg-white"}
    >
      <div class="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        {title && (
          <div class="mx-auto max-w-3xl text-center" data-reveal>
            <h2 id={headingId} class="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              {title}
            </h2>
            {intro && <p class="mt-4 text-lg leading-8 text-slate-600">{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** Small line icons, drawn for this site. */
const ICONS: Record<string, string> = {
  curve: "M3 17c3-8 6-8 9 0s6 8 9 0",
  clock: "M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  coins:
    "M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
  bulb:
    "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z",
  robot: "M5 9h14v10H5zM9 13h.01M15 13h.01M12 5v4M8 19v2M16 19v2",
  motor:
    "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2",
  heart: "M3 12h4l2-5 4 10 2-5h6",
  audio: "M4 10v4M8 7v10M12 4v16M16 8v8M20 11v2",
  book: "M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16",
  cap: "M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5",
  chat: "M4 5h16v11H9l-5 4z",
  pencil: "M4 20l4-1 11-11-3-3L5 16zM14 6l3 3",
  pulse: "M3 12h4l3-7 4 14 3-7h4",
  chip: "M7 7h10v10H7zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4",
  rocket: "M5 19c1-3 3-5 5-6M14 4c3 0 6 3 6 6l-7 7-6-6zM15 9h.01",
  layers: "M12 3l9 5-9 5-9-5zM3 13l9 5 9-5",
  check: "M5 12l5 5 9-10",
};

/** A line drawing on a 24-unit grid, in the text's colour (the icons, the partners' marks). */
export function LineArt(
  { d, size = 24, stroke = 2, class: className }: {
    d: string;
    size?: number;
    stroke?: number;
    class?: string;
  },
) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      stroke-width={stroke}
      stroke-linecap="round"
      stroke-linejoin="round"
      class={className}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, class: className = "h-6 w-6" }: { name: string; class?: string }) {
  return <LineArt d={ICONS[name] ?? ICONS.check} class={className} />;
}

export interface Tile {
  icon: string;
  title: string;
  text: string;
  href?: string;
  linkLabel?: string;
}

/** A grid of icon tiles (benefits, industries, perks, resources). */
export function TileGrid(
  { lang, tiles, columns = 4, headingLevel = 3 }: {
    lang: Lang;
    tiles: Tile[];
    columns?: 3 | 4;
    headingLevel?: 2 | 3;
  },
) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const words = messagesFor(lang).shared("");
  return (
    <ul
      class={`mt-12 grid gap-6 sm:grid-cols-2 ${
        columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"
      }`}
    >
      {tiles.map((t, i) => (
        <li
          key={t.title}
          class={`flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${
            i % 3 === 1 ? "reveal-delay-1" : i % 3 === 2 ? "reveal-delay-2" : ""
          }`}
          data-reveal
        >
          <span class="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white">
            <Icon name={t.icon} />
          </span>
          <Heading class="mt-5 text-lg font-semibold text-ink">{t.title}</Heading>
          <p class="mt-2 flex-1 leading-7 text-slate-600">{t.text}</p>
          {t.href && (
            <a href={t.href} class="mt-4 font-semibold text-brand-700 hover:underline">
              {t.linkLabel ?? words.learnMore}
              <span class="sr-only">{words.linkTitleSeparator}{t.title}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A section of icon tiles: the catalogue's title, intro and tiles, each given its icon. */
export function TileSection(
  { lang, id, tone, copy, icons, columns }: {
    lang: Lang;
    id: string;
    tone?: "white" | "tint";
    copy: { title: string; intro?: string; tiles: { title: string; text: string }[] };
    /** The tiles' icons, in the tiles' order. */
    icons: readonly string[];
    columns?: 3 | 4;
  },
) {
  return (
    <Section id={id} tone={tone} title={copy.title} intro={copy.intro}>
      <TileGrid
        lang={lang}
        columns={columns}
        tiles={copy.tiles.map((tile, i) => ({ ...tile, icon: icons[i] }))}
      />
    </Section>
  );
}

/** Illustration beside text. */
function FeatureRow(
  { title, text, points, image, reverse = false, id }: {
    title: string;
    text: string;
    points: string[];
    image: Picture;
    reverse?: boolean;
    id?: string;
  },
) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} class="py-12 sm:py-16">
      <div class="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div class={reverse ? "lg:order-2" : ""} data-reveal>
          <h2
            id={id ? `${id}-title` : undefined}
            class="text-3xl font-bold tracking-tight text-ink"
          >
            {title}
          </h2>
          <p class="mt-4 text-lg leading-8 text-slate-600">{text}</p>
          <ul class="mt-6 space-y-3">
            {points.map((p) => (
              <li key={p} class="flex gap-3 text-slate-700">
                <Icon name="check" class="mt-1 h-5 w-5 flex-none text-brand-600" />
                <span>{p}</span>
              </li>
            ))}
          </ul>
        </div>
        <Illustration
          image={image}
          class={`h-auto w-full rounded-2xl shadow-lg ${reverse ? "lg:order-1" : ""}`}
        />
      </div>
    </section>
  );
}

/** Illustrated rows, alternating sides (features, MBD): the catalogue's rows, in order. */
export function FeatureRows(
  { rows, copy, class: className }: {
    /** Each row's anchor and illustration. */
    rows: readonly { id: string; picture: Omit<Picture, "alt"> }[];
    copy: { title: string; text: string; points: string[]; imageAlt: string }[];
    class: string;
  },
) {
  return (
    <div class={className}>
      {rows.map(({ id, picture }, i) => (
        <FeatureRow
          key={id}
          id={id}
          reverse={i % 2 === 1}
          title={copy[i].title}
          text={copy[i].text}
          points={copy[i].points}
          image={{ ...picture, alt: copy[i].imageAlt }}
        />
      ))}
    </div>
  );
}

/** A server-rendered form's submit button (search, unsubscribe): no busy state, the page reloads. */
export function FormSubmit({ children }: { children: ComponentChildren }) {
  return (
    <button
      type="submit"
      class="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
    >
      {children}
    </button>
  );
}
