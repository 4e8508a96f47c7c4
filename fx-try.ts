import { mediaFixture, TONE } from "#tests/support/media-fixtures.ts";
import { channel, decodePcm, dominantFrequency, rmsDb } from "#tests/support/media-checks.ts";
for (const name of ["mp3", "ogg", "opus", "m4a", "aac", "wma", "mp4", "avi", "flv", "mpg", "webm"] as const) {
  const t = Date.now();
  const pcm = decodePcm(mediaFixture(name), { sampleRate: 48000, channels: 2, startSeconds: 0.2, seconds: 1.5 });
  console.log(name, dominantFrequency(channel(pcm, 2, 0), 48000), dominantFrequency(channel(pcm, 2, 1), 48000), rmsDb(channel(pcm, 2, 0)), Date.now() - t);
}
const a = decodePcm(mediaFixture("flac"), { sampleRate: TONE.sampleRate, channels: 2 });
const b = decodePcm(mediaFixture("wav"), { sampleRate: TONE.sampleRate, channels: 2 });
let d = 0; for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
console.log(a.length, b.length, d);
