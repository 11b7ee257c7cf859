import { assert, assertEquals } from "../_lib/assert.ts";
import { searchSite, searchTerms } from "../../src/domain/site-search.ts";
import { isVideoCategory, sampleVideos, VIDEO_CATEGORIES } from "../../src/domain/videos.ts";
import { messagesFor } from "../../src/i18n/catalog.ts";

const docs = [
  {
    kind: "product" as const,
    url: "/shop/board",
    title: "Vectra DSP Board",
    description: "A board.",
    keywords: ["PWM"],
  },
  {
    kind: "page" as const,
    url: "/about",
    title: "About",
    description: "Kalman filter and PID modules.",
  },
  {
    kind: "video" as const,
    url: "/video-library?category=robotics",
    title: "Balancing robot",
    description: "Kalman and LQR.",
  },
];

Deno.test("[unit] site search: every term must match; titles rank first", () => {
  assertEquals(searchSite("kalman", docs).map((h) => h.url), [
    "/about",
    "/video-library?category=robotics",
  ]);
  assertEquals(searchSite("kalman robot", docs).map((h) => h.url), [
    "/video-library?category=robotics",
  ]);
  assertEquals(searchSite("pwm", docs)[0].url, "/shop/board", "keywords are searched");
  assertEquals(searchSite("Kálman", docs).length, 2, "accents and case are ignored");
  assertEquals(searchSite("", docs), []);
  assertEquals(searchSite("x", docs), [], "one-letter terms are ignored");
  assertEquals(searchTerms("C++ and  PID"), ["c++", "and", "pid"]);
});

Deno.test("[unit] videos: eight samples, one YouTube id, every category has one", () => {
  const videos = sampleVideos(messagesFor("en").videos("Vectra").items);
  assertEquals(videos.length, 8);
  assertEquals(new Set(videos.map((v) => v.youtubeId)).size, 1);
  for (const c of VIDEO_CATEGORIES) {
    assert(videos.some((v) => v.categories.includes(c.id)), `${c.id} has a video`);
  }
  assert(isVideoCategory("industry") && !isVideoCategory("cats") && !isVideoCategory(null));
});
