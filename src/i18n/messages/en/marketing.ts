/** The marketing pages' words; server-rendered only, so functions of the site's name. */
export const home = (site: string) => ({
  hero: {
    eyebrow: "Real-time DSP and motor control",
    title: "Draw your control loop. Run it on real hardware.",
    text:
      `${site} is a development board and a drawing-like programming framework for signal processing, motor control, robotics and automation. Connect blocks, press Run, and watch every signal live while you tune it.`,
    demo: "Request a free demo",
    features: "Explore the features",
    imageAlt: "A speed control loop drawn as blocks, with the motor speed plotted live",
  },
  intro: {
    title: "Programming that looks like the diagram on your whiteboard",
    p1:
      `Engineers think in blocks: a filter, an observer, a controller, a power stage. With ${site} you write the program the same way. Each block is a tested piece of C++ that runs on the board; the wires between them are the signals. There is no code generation step and no toolchain to tame: the framework schedules the blocks, reads the inputs and drives the outputs at a fixed rate, up to 20 kHz.`,
    p2:
      "When a block you need does not exist yet, write it in a few lines of high-level C++ or Python and drop it in the diagram. Students get a working loop in their first session; experienced engineers get a fast, honest bench where a changed gain is live in a second and every internal signal can be probed without a debugger.",
    more: "How drawing-like programming works",
  },
  benefits: {
    title: "Why it feels different",
    intro: "Four things our users mention first.",
    tiles: [
      {
        title: "A short learning curve",
        text:
          "If you can read a block diagram, you can program the board. Most users run their first closed loop within an hour.",
      },
      {
        title: "Real-time monitoring",
        text:
          "Plot any signal of the running diagram on your PC, at full rate, and change parameters while the motor turns.",
      },
      {
        title: "No code generation",
        text:
          "The diagram is the program. Nothing to regenerate, recompile or flash when you change it: press Run again.",
      },
      {
        title: "Fits your hardware",
        text:
          "Use it as a shield for Arduino, STM32 Nucleo or Raspberry Pi, or on its own over USB from a PC.",
      },
    ],
  },
  achievements: {
    title: "What the board and framework deliver",
    figures: [
      ["20 kHz", "control loop rate on the 480 MHz DSP core"],
      ["100+", "ready-to-use modules: filters, estimators, controllers, I/O"],
      ["4", "host platforms: Arduino, STM32, Raspberry Pi and PC"],
      ["0", "lines of generated code to maintain"],
    ],
  },
  industries: {
    title: "Built for the fields that need real time",
    intro: "The same board and the same diagrams, from the teaching lab to the production line.",
    tiles: [
      {
        title: "Robotics",
        text:
          "Sensor fusion, joint control and path following with IMU, encoder and servo blocks ready to wire.",
      },
      {
        title: "Motor Control",
        text:
          "DC, BLDC, PMSM and stepper drives: field-oriented control, observers and six PWM channels with dead-time.",
      },
      {
        title: "Biomedical",
        text:
          "ECG, EMG and respiration signals filtered and analysed in real time for research rigs and teaching.",
      },
      {
        title: "Audio processing",
        text:
          "FIR and IIR filters, FFT analysis and effects at audio rates, with every stage audible and visible.",
      },
    ],
  },
  resources: {
    title: "Resources to get you going",
    intro: "Ask for access when you request your demo: every trial includes all three.",
    tiles: [
      {
        title: "Documentation hub",
        text:
          "Getting-started guides, a reference page for every module and worked examples from filters to full drives.",
        link: "Get access",
      },
      {
        title: "Training",
        text:
          "Half-day and two-day courses, on site or remote, for engineering teams and university labs.",
        link: "Plan a training",
      },
      {
        title: "Community forum",
        text:
          "Questions, shared diagrams and project write-ups from students, researchers and engineers.",
        link: "Join the forum",
      },
    ],
  },
});

/** The sections several marketing pages share: consultation banner, partners, perks. */
export const shared = (site: string) => ({
  consultation: {
    title: "Need a hand with your control project?",
    text:
      `Our engineers design controllers, port existing algorithms to ${site} and train your team, from a two-hour consultation to a complete prototype.`,
    /** The spec's label, spelled so. */
    button: "Request our servicies",
  },
  partners: "Trusted by labs, start-ups and manufacturers",
  perks: {
    title: `Why teams choose ${site}`,
    intro: "The same four reasons come back in every project we support.",
    tiles: [
      {
        title: "Speed",
        text:
          `Go from an idea to a loop running on hardware in an afternoon. ${site} compiles nothing: a changed block runs at once.`,
      },
      {
        title: "Risk reduction",
        text:
          "Simulate before you power up, watch every signal while it runs, and catch a wrong gain before it becomes a burnt stage.",
      },
      {
        title: "Cost savings",
        text:
          "One board and one tool for research, teaching and product prototypes: fewer licences, fewer custom boards, shorter projects.",
      },
      {
        title: "Innovation",
        text:
          "When trying an idea costs minutes, teams try more of them. Observers, adaptive filters and new topologies become an experiment, not a project.",
      },
    ],
  },
  learnMore: "Learn more",
  /** Between a link's words and the title it leads to, for screen readers ("Learn more: Training"). */
  linkTitleSeparator: ": ",
});

export const features = (site: string) => ({
  hero: {
    eyebrow: "Features",
    title: `Everything ${site} does for your control project`,
    text:
      "One board, one framework, one workflow: draw the algorithm, run it on real hardware, see every signal, and change it while it runs.",
    demo: "Request a demo",
    videos: "Watch it work",
  },
  rows: [
    {
      title: "Drawing-like programming",
      text:
        `In ${site} a program is a block diagram. Pick modules from the library, wire outputs to inputs, set parameters, and the framework turns the drawing into a scheduled real-time task on the board.`,
      points: [
        "100+ tested modules: filters, estimators, controllers, generators and I/O",
        "Your own blocks in high-level C++ or Python, with inputs, outputs and parameters",
        "Multi-rate diagrams: a 20 kHz current loop beside a 1 kHz speed loop",
        "No code generation: the diagram you see is the program that runs",
      ],
      imageAlt: "Blocks for a reference, a PID controller, PWM and a motor wired into a loop",
    },
    {
      title: "Real-time monitoring and debugging",
      text:
        "Every wire of the running diagram can be watched on your PC. Add a probe, open a scope, and see the signal at the loop's own rate, without stopping the board or adding print statements.",
      points: [
        "Live scopes with triggers, cursors and CSV export",
        "Change gains and set-points while the system runs",
        "Loop-time and CPU-load counters for every task",
        "Record a run and replay it beside a simulation",
      ],
      imageAlt: "A live scope showing three signals and a gain slider",
    },
    {
      title: "A versatile electronic board",
      text:
        "The board is a shield for Arduino, STM32 Nucleo and Raspberry Pi, or a stand-alone module on USB-C. It brings the analogue and power-electronics interfaces a control project needs.",
      points: [
        "480 MHz DSP core with a double-precision floating-point unit",
        "6 PWM channels with dead-time, ready for a three-phase inverter",
        "8 × 16-bit ADC channels, 2 DAC outputs, 2 quadrature encoder inputs",
        "Stacks with our motor driver, sensor and USB isolation modules",
      ],
      imageAlt: "Top view of the DSP development board",
    },
    {
      title: "Rapid prototyping",
      text:
        "Because a change is live in seconds, you can try ideas at the speed you have them. The diagram that worked on the bench becomes the specification of the product, with its test recordings.",
      points: [
        "From idea to a turning motor in an afternoon",
        "Swap a controller or an observer without rewiring anything",
        "Share diagrams with colleagues and students as plain files",
        "Keep the diagram as the reference when you move to production",
      ],
      imageAlt: "An idea, a prototype and a product, with a curve converging on its target",
    },
  ],
});

export const demo = (site: string) => ({
  heading: "Request a demo",
  text:
    "Please submit your information below and we will contact you shortly to arrange your free trial.",
  offers: [
    "A one-hour live session with an engineer, on your use case",
    `A loan board and a ${site} licence for a free 30-day trial`,
    "Or our services: consulting, porting and training",
  ],
  imageAlt: `The ${site} DSP board`,
  formTitle: "Tell us about your project",
  formIntroBefore:
    "We answer within two working days. We use these details only to arrange your demo; see",
  privacy: "privacy",
  formIntroAfter: ".",
});

export const about = (site: string) => ({
  hero: {
    eyebrow: `About ${site}`,
    title: "The Power of Drawing-Like Programming",
    text:
      "Control engineers have always explained their ideas with block diagrams. Drawing-like programming (DLP) lets that drawing run: on a real board, in real time, with every signal in view.",
    videos: "See In Action",
    learnMore: "Learn More",
    learnMoreMore: "by requesting a demo",
    imageAlt: "A control loop drawn as blocks, with a live plot underneath",
  },
  stepsLabel: "From design to deployment",
  steps: [
    { title: "Design", text: "Draw the algorithm from library modules and your own blocks." },
    { title: "Simulate", text: "Run the diagram against a plant model on your PC first." },
    { title: "Test", text: "Run it on the board, probe every signal, tune it live." },
    { title: "Deploy", text: "Leave it running stand-alone, or keep the PC in the loop." },
  ],
  how: {
    title: "How it Works: From Concept to Real-World Application",
    cards: [
      [
        "Describe the behaviour",
        "Start from the diagram you would draw for a colleague: sensors on the left, the algorithm in the middle, actuators on the right. Each box is a module with typed inputs, outputs and parameters.",
      ],
      [
        `Let ${site} run it`,
        "The framework orders the blocks, assigns them to fixed-rate tasks, reads inputs at the start of each period and writes outputs at its end. Timing is deterministic, not best effort.",
      ],
      [
        "Close the loop with reality",
        "Connect the real motor, sensor or signal source. Watch the response, adjust parameters live, and record runs that become your test evidence.",
      ],
    ],
  },
  benefits: {
    title: "Key Benefits of DLP",
    tiles: [
      {
        title: "Readable by everyone",
        text:
          "Hardware, software and test engineers read the same drawing; reviews are about the idea, not the syntax.",
      },
      {
        title: "Deterministic timing",
        text:
          "Fixed-rate tasks up to 20 kHz, with measured loop times, so what worked once works every time.",
      },
      {
        title: "Nothing hidden",
        text: "Every wire is a signal you can plot. Debugging becomes looking, not guessing.",
      },
      {
        title: "Reusable building blocks",
        text:
          "A tuned observer or filter becomes a module your whole team can drop into the next project.",
      },
    ],
  },
  teaching: {
    title: "From the classroom to the lab",
    intro:
      `Universities use ${site} to teach signal processing and control with real hardware from the first session; research teams use it to try new algorithms on real plants without writing a firmware.`,
    cards: [
      ["Course-ready", "Lab sheets for filters, PID tuning and motor control come with the trial."],
      ["Safe by design", "Current limits and watchdogs are blocks too, visible in every diagram."],
      ["Publishable", "Recorded runs export to CSV and plots for reports and papers."],
    ],
  },
  open: {
    title: "Open where it matters",
    intro:
      "When a module does not exist yet, write it. A block is a small C++ or Python class with inputs, outputs, parameters and a step function; the framework does the rest. Your blocks appear in the library beside ours, with the same live monitoring.",
  },
  modules: {
    title: "100+ ready-to-use modules",
    intro:
      "Filters, estimators, controllers, generators and hardware I/O, tested and documented. A few of them:",
    firstRow: "Module library, first row",
    secondRow: "Module library, second row",
    pause: "Hover or focus a row to pause it.",
    /** The module library shown in the marquees, spelled as the spec lists it. */
    names: [
      "Butterworth Filter",
      "Kalman Filter",
      "Chebyshev Filter",
      "Eliptic Filter",
      "PID Block",
      "RLS Estimator",
      "Wave Generator",
      "Hardware Input",
      "Harware Output",
      "FIR Filter",
      "Phase Shift Detector",
      "FFT",
      "Generic Transfer Function",
    ],
  },
});

export const mbd = (site: string) => ({
  hero: {
    eyebrow: "Model-Based Design",
    title: `What is the ${site} MBD solution?`,
    text:
      `Model-Based Design (MBD) puts a model at the centre of development: you specify, simulate, implement and verify the same model. With ${site} that model is the block diagram, and it runs on the board as it is: no code generation between the model and the hardware.`,
    demo: "Request a demo",
    features: "See the features",
  },
  classic: {
    title: "The usual MBD chain, and where it hurts",
    intro:
      "Classic MBD tools generate C code from the model, then compile, flash and test it. Each step is a place where the model and the running system can drift apart.",
    steps: ["Model", "Generate code", "Integrate", "Compile and flash", "Test"],
    step: "Step {n}",
    shorter:
      `${site} shortens the chain to two steps: draw the model, run it. The modules are compiled once, tested once and shipped with the board; your diagram only connects and parameterises them, so nothing needs regenerating when you change it.`,
  },
  rows: [
    {
      title: "The diagram is the executable specification",
      text:
        "Requirements become blocks and signals you can point at. The same diagram is reviewed, simulated, run on hardware and archived with its recorded runs.",
      points: [
        "Simulate against a plant model, then switch the same diagram to real I/O",
        "Parameters, limits and units are visible in the drawing",
        "Diagrams are plain files: diff them, review them, version them",
      ],
      imageAlt: "A speed loop drawn as blocks, as it runs on the board",
    },
    {
      title: "Verification while it runs",
      text:
        "Model-in-the-loop, hardware-in-the-loop and the final system use one diagram. Probes, recordings and live tuning turn every bench session into evidence.",
      points: [
        "Record any signal at loop rate and compare it with the simulation",
        "Step, ramp and chirp generators for repeatable test inputs",
        "Loop-time monitoring proves the timing budget is met",
      ],
      imageAlt: "A live scope comparing measured and simulated signals",
    },
  ],
  who: {
    title: "Who uses it",
    tiles: [
      {
        title: "Teaching",
        text:
          "Students see the theory run: transfer functions, filters and controllers on real motors and sensors from the first lab.",
      },
      {
        title: "Research",
        text:
          "Try a new observer or adaptive law on a real plant the same day, with the data to publish.",
      },
      {
        title: "Industry",
        text:
          "Prototype drives, test benches and inspection rigs, and keep the diagram as the reference for production.",
      },
    ],
  },
});

export const videos = (site: string) => ({
  eyebrow: "Video library",
  title: `See ${site} at work`,
  text:
    "Short demonstrations recorded on the bench: pick a field and watch a diagram become a running system.",
  region: "Videos",
  category: "Category",
  tabs: "Video categories",
  /** The spec's tab labels, by category id. */
  categories: {
    overview: "Overview Video",
    "motor-control": "Motor Control",
    industry: "Industry 4.0",
    robotics: "Robotics",
    biomedical: "Biomedical",
  },
  play: "Play video: {title}",
  /** The player's frame title when a video has none. */
  frame: "Video",
  notice: "Videos play from YouTube (privacy-enhanced mode) only after you click one.",
  items: {
    "overview-tour": {
      title: `${site} in ten minutes: from a drawn diagram to a spinning motor`,
      summary: "Wire the board, draw a speed loop, press Run and tune it while the motor turns.",
    },
    "overview-monitoring": {
      title: "Watching every signal live: scopes, probes and parameter tuning",
      summary: "Probe any wire of the diagram at full loop rate and change gains without stopping.",
    },
    "foc-pmsm": {
      title: "Field-oriented control of a PMSM, block by block",
      summary:
        "Clarke and Park transforms, two PI current loops and space-vector PWM on a 48 V stage.",
    },
    "sensorless-bldc": {
      title: "Sensorless BLDC start-up with a Kalman observer",
      summary:
        "Open-loop alignment, ramp-up and a smooth hand-over to the observer's speed estimate.",
    },
    "vibration-fft": {
      title: "Predictive maintenance: vibration FFT on the factory floor",
      summary:
        "An accelerometer, an FFT block and threshold alarms published to the plant's network.",
    },
    "conveyor-cell": {
      title: "A connected conveyor cell for Industry 4.0",
      summary: "Speed profiles, fault handling and production counters in a single diagram.",
    },
    "balancing-robot": {
      title: "A self-balancing robot with IMU fusion and a state-feedback loop",
      summary: "Complementary filter, LQR gains and a live tilt plot, built in an afternoon.",
    },
    "ecg-filtering": {
      title: "Real-time ECG filtering and heart-rate detection",
      summary:
        "Notch and Butterworth filters, R-peak detection and a live beat-per-minute readout.",
    },
  },
});
