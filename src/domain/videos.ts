/** The video library (spec section 3): eight sample videos, all with the same YouTube id. */
export const VIDEO_CATEGORIES = [
  { id: "overview" },
  { id: "motor-control" },
  { id: "industry" },
  { id: "robotics" },
  { id: "biomedical" },
] as const;
export type VideoCategory = typeof VIDEO_CATEGORIES[number]["id"];
export const DEFAULT_VIDEO_CATEGORY: VideoCategory = "overview";

export interface Video {
  id: string;
  title: string;
  summary: string;
  youtubeId: string;
  category: VideoCategory;
  categories: VideoCategory[];
}

/** "Understanding Field-Oriented Control" (MathWorks, Motor Control part 4): one public talk. */
export const SAMPLE_YOUTUBE_ID = "YPD1_rcXBIE";

const video = (
  id: string,
  title: string,
  summary: string,
  categories: VideoCategory[],
): Video => ({
  id,
  title,
  summary,
  youtubeId: SAMPLE_YOUTUBE_ID,
  category: categories[0],
  categories,
});

/** The eight samples and their categories; titles and summaries come from each language. */
const SAMPLES: { id: string; categories: VideoCategory[] }[] = [
  { id: "overview-tour", categories: ["overview"] },
  { id: "overview-monitoring", categories: ["overview"] },
  { id: "foc-pmsm", categories: ["motor-control", "overview"] },
  { id: "sensorless-bldc", categories: ["motor-control"] },
  { id: "vibration-fft", categories: ["industry"] },
  { id: "conveyor-cell", categories: ["industry"] },
  { id: "balancing-robot", categories: ["robotics"] },
  { id: "ecg-filtering", categories: ["biomedical"] },
];

/** The sample videos with their words, `texts` by video id (src/i18n: `videos.items`). */
export function sampleVideos(texts: Record<string, { title: string; summary: string }>): Video[] {
  return SAMPLES.map(({ id, categories }) =>
    video(id, texts[id].title, texts[id].summary, categories)
  );
}

export function isVideoCategory(value: string | null | undefined): value is VideoCategory {
  return VIDEO_CATEGORIES.some((c) => c.id === value);
}
