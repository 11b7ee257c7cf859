/** The video library (spec section 3): eight sample videos, all with the same YouTube id. */
export const VIDEO_CATEGORIES = [
  { id: "overview", label: "Overview Video" },
  { id: "motor-control", label: "Motor Control" },
  { id: "industry", label: "Industry 4.0" },
  { id: "robotics", label: "Robotics" },
  { id: "biomedical", label: "Biomedical" },
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

export function sampleVideos(siteName: string): Video[] {
  return [
    video(
      "overview-tour",
      `${siteName} in ten minutes: from a drawn diagram to a spinning motor`,
      "Wire the board, draw a speed loop, press Run and tune it while the motor turns.",
      ["overview"],
    ),
    video(
      "overview-monitoring",
      "Watching every signal live: scopes, probes and parameter tuning",
      "Probe any wire of the diagram at full loop rate and change gains without stopping.",
      ["overview"],
    ),
    video(
      "foc-pmsm",
      "Field-oriented control of a PMSM, block by block",
      "Clarke and Park transforms, two PI current loops and space-vector PWM on a 48 V stage.",
      ["motor-control", "overview"],
    ),
    video(
      "sensorless-bldc",
      "Sensorless BLDC start-up with a Kalman observer",
      "Open-loop alignment, ramp-up and a smooth hand-over to the observer's speed estimate.",
      ["motor-control"],
    ),
    video(
      "vibration-fft",
      "Predictive maintenance: vibration FFT on the factory floor",
      "An accelerometer, an FFT block and threshold alarms published to the plant's network.",
      ["industry"],
    ),
    video(
      "conveyor-cell",
      "A connected conveyor cell for Industry 4.0",
      "Speed profiles, fault handling and production counters in a single diagram.",
      ["industry"],
    ),
    video(
      "balancing-robot",
      "A self-balancing robot with IMU fusion and a state-feedback loop",
      "Complementary filter, LQR gains and a live tilt plot, built in an afternoon.",
      ["robotics"],
    ),
    video(
      "ecg-filtering",
      "Real-time ECG filtering and heart-rate detection",
      "Notch and Butterworth filters, R-peak detection and a live beat-per-minute readout.",
      ["biomedical"],
    ),
  ];
}

export function isVideoCategory(value: string | null | undefined): value is VideoCategory {
  return VIDEO_CATEGORIES.some((c) => c.id === value);
}
