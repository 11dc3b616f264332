/**
 * The queue's call sound: a short two-tone beep made with Web Audio (no audio file to fetch, so it works offline
 * and on the school's LAN alone). A browser that blocks sound until the page is touched stays silent until then.
 */
let context: AudioContext | null = null;

/** Plays the beep; does nothing where Web Audio is missing. */
export function beep(): void {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  const ctx = context;
  void ctx.resume?.();
  const gain = ctx.createGain();
  gain.gain.value = 0.2;
  gain.connect(ctx.destination);
  // 880 Hz then 660 Hz, 150 ms each: heard across a classroom without startling it.
  [880, 660].forEach((frequency, i) => {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    osc.connect(gain);
    const at = ctx.currentTime + i * 0.18;
    osc.start(at);
    osc.stop(at + 0.15);
  });
}
