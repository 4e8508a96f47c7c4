import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "audio-converter": {
    name: "Audio Converter",
    description:
      "Convert audio files to MP3, WAV, OGG, M4A, AAC, FLAC or WMA, with bitrate, sample rate and trim options. The conversion runs on your device.",
    icon: "🎵",
    searchVolume: 30000,
    rank: 91,
    isFeatured: true,
    metaDescription:
      "Free audio converter for MP3, WAV, OGG, M4A, AAC, FLAC and WMA, with bitrate, sample rate and trim options. It runs in your browser; your audio is not uploaded.",
    metaKeywords:
      "audio converter, convert audio, mp3 converter, wav to mp3, flac to mp3, m4a to mp3, ogg converter, online audio converter",
    content: `<h2>About the Audio Converter</h2>
<p>This converter saves an audio file in another format: <strong>MP3, WAV, OGG, M4A, AAC, FLAC or WMA</strong>. It opens MP3, WAV, OGG, WebM, M4A, AAC and FLAC files. Before you convert, the page shows what the file holds: its length, codec, sample rate and channels.</p>
<p>When the audio already fits the new format, for example AAC audio going from M4A to AAC, it is copied without re-encoding, which is fast and loses nothing. Otherwise it is re-encoded: where your browser can decode the source, with its own encoders and with MP3, AAC and FLAC encoders compiled to WebAssembly; else by ffmpeg compiled to WebAssembly, which also makes OGG Vorbis and WMA. Everything runs on your device: the engines are loaded from this site, and your file is not uploaded.</p>
<p>You can set the bitrate (64 to 320 kbps constant, or variable bitrate), the sample rate, mono or stereo, the bit depth of a WAV (16-bit, 24-bit or 32-bit float), and cut out part of the recording with the trim fields. Large files are read in slices rather than loaded whole, and for large inputs the result is written to disk as it is made, to a file you choose or to the browser's storage.</p>
<ul>
<li>Select an audio file and check what it holds.</li>
<li>Choose the output format and any options.</li>
<li>Press Convert, then listen to the result and download it (browsers do not play WMA, so that one is download only).</li>
</ul>`,
    blogContent: `<h2>Lossy or lossless?</h2>
<p>Audio formats fall into two families. <strong>Lossy</strong> formats such as MP3, AAC, OGG Vorbis and WMA discard sounds that are hard to hear in order to make files much smaller. <strong>Lossless</strong> formats such as FLAC and uncompressed WAV keep every sample.</p>
<p>Converting a lossy file to a lossless format does not bring back what was discarded; it only makes the file bigger. Converting between two lossy formats loses a little more quality each time, so start from the best source you have.</p>
<h3>Quick guide</h3>
<ul>
<li>MP3 for maximum compatibility.</li>
<li>M4A or AAC for Apple devices.</li>
<li>FLAC for archiving music.</li>
<li>WAV for editing.</li>
</ul>`,
  },
  "mp3-converter": {
    name: "MP3 Converter",
    description:
      "Convert WAV, OGG, M4A, AAC, FLAC or WebM audio to MP3, the format every player and device understands.",
    icon: "🎧",
    searchVolume: 25000,
    rank: 85,
    isFeatured: false,
    metaDescription:
      "Convert WAV, OGG, M4A, AAC, FLAC and WebM files to MP3 for free, at the bitrate you choose. It encodes in your browser, so your audio stays on your device.",
    metaKeywords:
      "mp3 converter, convert to mp3, wav to mp3, m4a to mp3, flac to mp3, ogg to mp3, webm to mp3, free mp3 converter",
    content: `<h2>About the MP3 Converter</h2>
<p>MP3 is the one audio format that plays on practically everything: phones, car stereos, smart speakers, old media players and every web browser. This tool converts your audio file into an MP3 so you can use it anywhere.</p>
<p>It accepts MP3, WAV, OGG, WebM, M4A, AAC and FLAC files. The audio is encoded with the LAME MP3 encoder compiled to WebAssembly, after your browser decodes the source; files the browser cannot decode, and variable-bitrate MP3s, go through ffmpeg compiled to WebAssembly instead, whose MP3 encoder is also LAME. Choose a constant bitrate from 64 to 320 kbps or a variable bitrate, and change the sample rate or mix down to mono if you like. Your recording is processed on your own device; nothing is uploaded, and there is no account to create.</p>
<ul>
<li>Select an audio file.</li>
<li>Pick a bitrate, or keep the default of 192 kbps.</li>
<li>Press Convert and follow the progress.</li>
<li>Listen to the result and download the MP3.</li>
</ul>
<p>If you need a different output, such as FLAC or WAV, use the <a href="/tool/audio-converter">Audio Converter</a>, which offers every supported format.</p>`,
    blogContent: `<h2>A little MP3 history</h2>
<p>MP3, formally MPEG-1 Audio Layer III, was developed largely at the Fraunhofer Institute in Germany and standardised in the early 1990s. Its ability to shrink CD audio to a fraction of the size made music downloads and portable players possible. The last patents expired in 2017, so MP3 is now free to use.</p>
<h3>Tips</h3>
<ul>
<li>Bitrate decides quality: higher bitrates sound closer to the original but make bigger files.</li>
<li>Convert from the best source you have. Turning a low-quality MP3 into FLAC and back will not improve it.</li>
<li>For spoken word such as podcasts and lectures, lower bitrates are usually fine.</li>
</ul>`,
  },
  "wav-converter": {
    name: "WAV Converter",
    description:
      "Convert MP3, OGG, M4A or WebM audio to uncompressed WAV, ready for editing, sampling or burning to CD.",
    icon: "🔊",
    searchVolume: 12000,
    rank: 75,
    isFeatured: false,
    metaDescription:
      "Convert MP3, OGG, M4A and WebM audio to uncompressed WAV in 16-bit, 24-bit or 32-bit float. It runs in your browser: free, no sign-up, no upload of your files.",
    metaKeywords:
      "wav converter, convert to wav, mp3 to wav, m4a to wav, ogg to wav, webm to wav, pcm wav, audio to wav",
    content: `<h2>About the WAV Converter</h2>
<p>WAV files store audio as plain, uncompressed samples. That is exactly what audio editors, DAWs, samplers, transcription software and CD-burning tools like best, even though the files are large. This converter decodes your compressed audio and writes it out as a WAV file.</p>
<p>It accepts MP3, WAV, OGG, WebM and M4A files. Your browser decodes the audio and the samples are written as 16-bit, 24-bit or 32-bit float PCM, as you choose; sources the browser cannot decode are handled by ffmpeg compiled to WebAssembly. You can also change the sample rate, mix down to mono, or trim the recording. It all happens in your own browser, so recordings such as interviews or voice notes are never sent anywhere.</p>
<ul>
<li>Select an audio file.</li>
<li>Press Convert and watch the progress.</li>
<li>Preview the WAV and download it.</li>
</ul>
<p>Remember that a WAV made from an MP3 sounds exactly like that MP3: the format is lossless, but it cannot restore detail the original compression removed.</p>`,
    blogContent: `<h2>What is WAV?</h2>
<p>The Waveform Audio File Format was introduced by Microsoft and IBM in 1991. It is built on the RIFF container and usually holds PCM audio, the same kind of raw samples found on an audio CD.</p>
<p>Because nothing is compressed, size grows quickly. CD quality audio (44.1 kHz, 16-bit, stereo) takes about 10 MB per minute. That is why WAV is used while working on audio and rarely for sharing it.</p>
<h3>Tips</h3>
<ul>
<li>Edit in WAV, then export the final mix to MP3 or M4A with the <a href="/tool/audio-converter">Audio Converter</a>.</li>
<li>For archiving, FLAC keeps the same quality at roughly half the size.</li>
</ul>`,
  },
  "mp3-to-ogg-converter": {
    name: "MP3 to OGG Converter",
    description:
      "Convert MP3 files to OGG Vorbis, the open audio format favoured by games, open-source software and many web apps.",
    icon: "🎼",
    searchVolume: 5500,
    rank: 61,
    isFeatured: false,
    metaDescription:
      "Convert MP3 files to OGG Vorbis for games, apps and open-source projects. The Vorbis encoder runs in your browser, on your own device: free, with no upload.",
    metaKeywords:
      "mp3 to ogg, convert mp3 to ogg, ogg vorbis, ogg converter, game audio ogg, mp3 ogg free",
    content: `<h2>About the MP3 to OGG Converter</h2>
<p>Game engines, open-source applications and some web projects prefer OGG Vorbis because it is free of licensing concerns and loops cleanly. This tool converts an <strong>.mp3</strong> file into an <strong>.ogg</strong> file with a genuine Vorbis encode.</p>
<p>Browsers have no Vorbis encoder of their own, so this conversion uses ffmpeg compiled to WebAssembly, loaded from this site the first time you need it. Your MP3 is decoded and re-encoded on your own device, so sound effects, music drafts or other unreleased work never leave your computer. You can choose the bitrate or a variable-bitrate quality, the sample rate and mono or stereo.</p>
<ul>
<li>Select an .mp3 file. Other formats are rejected by this tool; for those, use the <a href="/tool/audio-converter">Audio Converter</a>.</li>
<li>Press Convert and wait for the progress to reach 100%.</li>
<li>Preview and download the OGG file.</li>
</ul>
<p>Both formats are lossy, so each conversion costs a little quality. If you still have the original WAV or FLAC, convert from that instead for the cleanest result.</p>`,
    blogContent: `<h2>About Ogg and Vorbis</h2>
<p>Ogg is an open container format from the Xiph.Org Foundation, and Vorbis is the audio codec most often stored in it; version 1.0 of Vorbis was released in 2002. Together they were designed as a patent-free alternative to MP3.</p>
<p>OGG Vorbis is widely supported by game engines and by Firefox, Chrome and Android. Apple platforms have historically had weaker support, so check your target before choosing it.</p>
<h3>Tip for game developers</h3>
<p>Use OGG for music and longer ambient loops, where small files matter. Very short sound effects are often kept as WAV so they start instantly without decoding.</p>`,
  },
  "mp4-to-mp3-converter": {
    name: "MP4 to MP3 Converter",
    description:
      "Extract the soundtrack of an MP4 video and save it as an MP3 file, without uploading the video anywhere.",
    icon: "🎶",
    searchVolume: 28000,
    rank: 88,
    isFeatured: false,
    metaDescription:
      "Extract the audio from MP4 videos and save it as MP3 for free. The soundtrack is encoded right in your browser, so your videos are never uploaded to any server.",
    metaKeywords:
      "mp4 to mp3, extract audio from video, convert mp4 to mp3, video to mp3, mp4 audio extractor, free mp4 to mp3",
    content: `<h2>About the MP4 to MP3 Converter</h2>
<p>Sometimes only the sound of a video matters: a recorded lecture, a meeting, a concert clip or your own vlog. This tool takes an <strong>.mp4</strong> file, extracts its audio track and encodes it as an MP3 you can play on any device.</p>
<p>The sound in an MP4 is usually AAC. Your browser decodes it and the LAME MP3 encoder, compiled to WebAssembly, turns it into MP3; if the video already holds MP3 audio, it is copied as it is, without re-encoding. The video is read from your disk in slices, never loaded whole and never uploaded, so long recordings of a gigabyte or more can be converted. You can pick the bitrate and trim the part you want.</p>
<ul>
<li>Select an .mp4 file.</li>
<li>Press Convert and follow the progress.</li>
<li>Preview and download the MP3.</li>
</ul>
<p>Only convert videos you made yourself or have the right to use.</p>`,
    blogContent: `<h2>What is inside an MP4?</h2>
<p>MP4 (MPEG-4 Part 14) is a container. It holds separate streams: usually H.264 or H.265 video, AAC audio, and sometimes subtitles and chapter markers. Extracting the audio means reading the audio stream and, for MP3, re-encoding it.</p>
<h3>Tips</h3>
<ul>
<li>The MP3 cannot sound better than the audio in the video. Phone recordings of a distant stage will stay distant.</li>
<li>Need uncompressed audio for editing or transcription software? Use the <a href="/tool/mp4-to-wav-converter">MP4 to WAV converter</a>.</li>
<li>To convert the whole video to another format instead, try the <a href="/tool/video-converter">Video Converter</a>.</li>
</ul>`,
  },
  "mp4-to-wav-converter": {
    name: "MP4 to WAV Converter",
    description:
      "Extract the audio from an MP4 video as an uncompressed WAV file, ready for editing or transcription.",
    icon: "🎙️",
    searchVolume: 8000,
    rank: 68,
    isFeatured: false,
    metaDescription:
      "Extract audio from MP4 video as uncompressed WAV for editing or transcription. It runs in your browser on your own device: free, private, no upload, no sign-up.",
    metaKeywords:
      "mp4 to wav, extract wav from video, convert mp4 to wav, video to wav, audio extraction, mp4 audio to wav",
    content: `<h2>About the MP4 to WAV Converter</h2>
<p>Audio editors, DAWs and speech-to-text tools work best with uncompressed audio. This converter takes the soundtrack of an <strong>.mp4</strong> video, decodes it and saves it as a <strong>.wav</strong> file that those programs open without trouble.</p>
<p>Your browser decodes the soundtrack and the samples are written as 16-bit, 24-bit or 32-bit float PCM; soundtracks the browser cannot decode are handled by ffmpeg compiled to WebAssembly. It all runs in your browser, so recordings of meetings, interviews and family videos stay on your device. The video is read in slices rather than loaded whole, and you can trim the part you need.</p>
<ul>
<li>Select an .mp4 file.</li>
<li>Press Convert and wait for the progress to finish.</li>
<li>Preview the WAV and download it.</li>
</ul>
<p>WAV files are large because nothing is compressed. If you only want to listen to the audio or share it, the <a href="/tool/mp4-to-mp3-converter">MP4 to MP3 converter</a> produces a much smaller file.</p>`,
    blogContent: `<h2>Why extract audio as WAV?</h2>
<p>The audio inside an MP4 is almost always compressed, typically with AAC. Each time compressed audio is edited and saved again in a lossy format, a little more quality is lost. Extracting to WAV once gives you a stable, uncompressed working copy: you can cut, clean up and mix it as often as you like and compress only the final result.</p>
<h3>Good uses</h3>
<ul>
<li>Cleaning up the sound of a screen recording before re-syncing it.</li>
<li>Feeding an interview to transcription software.</li>
<li>Pulling a sample from your own footage into a music project.</li>
</ul>`,
  },
  "flv-to-mp3-converter": {
    name: "FLV to MP3 Converter",
    description:
      "Rescue the audio from old Flash Video (FLV) files and save it as MP3 that plays on any modern device.",
    icon: "📼",
    searchVolume: 6000,
    rank: 63,
    isFeatured: false,
    metaDescription:
      "Convert old Flash Video FLV files to MP3 and keep the audio playable on modern devices. It runs with ffmpeg in your browser, free and without any upload.",
    metaKeywords:
      "flv to mp3, convert flv, flash video to mp3, flv audio, flv converter, old flash video, extract audio flv",
    content: `<h2>About the FLV to MP3 Converter</h2>
<p>FLV was the video format of the Flash era, and many old downloads, screen recordings and archived clips still use it. Modern phones and players rarely open FLV files, but the audio inside them is often worth keeping. This tool extracts the soundtrack of an <strong>.flv</strong> file and saves it as an MP3.</p>
<p>Browsers cannot read FLV, so this tool uses ffmpeg compiled to WebAssembly, loaded from this site the first time you need it. If the FLV already holds MP3 audio, it is copied out without re-encoding; otherwise it is encoded to MP3 at the bitrate you choose. The file is processed on your own device and is not uploaded to any server.</p>
<ul>
<li>Select an .flv file.</li>
<li>Press Convert and follow the progress.</li>
<li>Preview and download the MP3.</li>
</ul>
<p>The MP3 can only be as good as the sound stored in the FLV, and many Flash-era videos used modest audio quality. If you want to keep the picture as well, convert the FLV to MP4 with the <a href="/tool/video-converter">Video Converter</a> instead.</p>`,
    blogContent: `<h2>The end of Flash Video</h2>
<p>Flash Video was introduced by Macromedia, later part of Adobe, and became the standard way to stream video on the web in the mid-2000s; many early video sites delivered FLV through the Flash Player plug-in. When HTML5 video arrived, browsers moved to MP4 and WebM, and Adobe ended support for Flash Player on 31 December 2020.</p>
<p>The files themselves did not disappear. Old hard drives, course archives and game recordings are still full of them.</p>
<h3>Tip</h3>
<p>Convert old FLV archives while the originals still play, and keep both the extracted MP3 and an MP4 copy of anything you want to preserve.</p>`,
  },
  "m4a-to-mp3-converter": {
    name: "M4A to MP3 Converter",
    description:
      "Convert M4A audio from iPhone voice memos, iTunes or Apple Music downloads to MP3 for any player.",
    icon: "🎤",
    searchVolume: 14000,
    rank: 80,
    isFeatured: false,
    metaDescription:
      "Convert M4A files such as iPhone voice memos to MP3 for free, at the bitrate you choose. It encodes in your browser, so recordings never leave your device.",
    metaKeywords:
      "m4a to mp3, convert m4a, iphone voice memo to mp3, itunes m4a to mp3, m4a converter, aac to mp3",
    content: `<h2>About the M4A to MP3 Converter</h2>
<p>iPhones save voice memos as <strong>.m4a</strong>, and Apple's music apps use the same format. Some car stereos, older players, web forms and editing tools only accept MP3. This converter re-encodes an M4A file to MP3 so it plays everywhere.</p>
<p>Your browser decodes the AAC audio and the LAME MP3 encoder, compiled to WebAssembly, writes the MP3; M4A files the browser cannot decode, such as Apple Lossless, go through ffmpeg compiled to WebAssembly. Voice memos often contain private conversations, and here they are processed on your own device and never uploaded.</p>
<ul>
<li>Select an .m4a file.</li>
<li>Press Convert and wait for the progress to reach 100%.</li>
<li>Preview the MP3 and download it.</li>
</ul>
<p>Files protected by DRM cannot be converted; this applies to some older iTunes purchases and to streaming downloads. Ordinary recordings and DRM-free music convert normally. Since both formats are lossy, keep the original M4A if you may need the best quality later.</p>`,
    blogContent: `<h2>What is an M4A file?</h2>
<p>M4A is an MPEG-4 file that contains only audio. The audio is usually AAC, a lossy codec that sounds slightly better than MP3 at the same bitrate, and sometimes Apple Lossless (ALAC). Apple popularised the extension with iTunes, which is why it is so common on iPhones and Macs.</p>
<h3>Should you convert?</h3>
<p>If all your devices play M4A, keep it: every conversion between lossy formats costs a little quality. Convert to MP3 when a device, app or website insists on it. For an uncompressed copy to edit, use the <a href="/tool/wav-converter">WAV converter</a>.</p>`,
  },
  "midi-converter": {
    name: "MIDI Converter",
    description:
      "Render MIDI files (.mid, .midi) to MP3, WAV or OGG audio using a General MIDI SoundFont, right in your browser.",
    icon: "🎹",
    searchVolume: 9500,
    rank: 69,
    isFeatured: false,
    metaDescription:
      "Render MIDI songs to MP3, WAV or OGG audio with a General MIDI SoundFont synthesizer that runs in your browser. Free and private, with no upload of your files.",
    metaKeywords:
      "midi to mp3, midi to wav, midi converter, mid to mp3, render midi, midi to ogg, soundfont, general midi",
    content: `<h2>About the MIDI Converter</h2>
<p>A MIDI file contains no sound. It is a list of instructions: which note to play, when, how loudly and on which instrument. To hear it, a synthesizer has to perform those instructions.</p>
<p>This converter performs your file in your browser with a software synthesizer (spessasynth) and a <strong>General MIDI SoundFont</strong> (FluidR3 Mono, downloaded once from this site), and saves the performance as <strong>MP3, WAV or OGG</strong> audio, on your own device and without uploading the file. It renders faster than real time, in the background, and shows how far it has got.</p>
<p>Before you convert, it tells you what the file holds: its format, tracks, length, tempo changes and the General MIDI instruments it uses. You can choose the sample rate, reverb and chorus, how long the sound rings on after the last note, and whether to normalise the loudness (the loudest peak to −1 dBFS, or −14 LUFS, the level streaming services play at). If you have a SoundFont you like (.sf2 or .sf3), you can use it instead: it is read on your device too.</p>
<p>Because every synthesizer has its own instrument samples, a rendering never sounds exactly like your keyboard or music software.</p>`,
    blogContent: `<h2>MIDI in brief</h2>
<p>MIDI (Musical Instrument Digital Interface) was introduced in 1983 so that synthesizers from different makers could talk to each other. Standard MIDI Files followed, letting sequences be saved and shared. In 1991 General MIDI defined a common set of 128 instruments plus a drum kit, so a file written on one system would use sensible sounds on another.</p>
<p>A SoundFont is a bank of recorded instrument samples that a software synthesizer plays back, which is how notes are turned into audio.</p>
<h3>Tips</h3>
<ul>
<li>Choose WAV if you plan to mix the rendering further; 24-bit keeps the quietest passages clean.</li>
<li>An OGG file holds Vorbis, which every OGG player plays, or Opus, which sounds as good in a smaller file; MP3 plays everywhere.</li>
<li>Files written for a particular synthesizer (GS or XG extras, custom instruments) sound closest with that synthesizer's own SoundFont.</li>
</ul>`,
  },
};
