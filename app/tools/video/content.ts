import type { ToolContentBySlug } from "../types.ts";

// Catalogue copy (seeded into the tools table on first start). Server-only: the pages read it from the DB.
// HTML uses only h2, h3, p, ul, ol, li, strong, em and relative links.

export const content: ToolContentBySlug = {
  "mpeg-to-avi-converter": {
    name: "MPEG to AVI Converter",
    description:
      "Convert MPEG and MPG video files to AVI for older editing software, media players and hardware, directly in your browser.",
    icon: "📹",
    searchVolume: 3000,
    rank: 54,
    isFeatured: false,
    metaDescription:
      "Convert MPEG and MPG videos to AVI (MPEG-4 video, MP3 audio) for older players and software. It runs with ffmpeg in your browser: free, private, no upload.",
    metaKeywords:
      "mpeg to avi, mpg to avi, convert mpeg, mpeg converter, avi converter, video cd to avi, mpeg-2 to avi",
    content: `<h2>About the MPEG to AVI Converter</h2>
<p>MPEG files come from camcorders, TV tuner cards, DVD rips and Video CDs, and they carry MPEG-1 or MPEG-2 video. Some older editing programs, players and hardware devices only accept AVI. This tool converts an <strong>.mpeg</strong> or <strong>.mpg</strong> file into an <strong>.avi</strong> file, re-encoding the picture as MPEG-4 Part 2 video (the codec family of DivX and Xvid) and the sound as MP3.</p>
<p>Browsers cannot read MPEG program streams or write AVI, so the conversion is done by ffmpeg compiled to WebAssembly, inside your browser. The engine loads from this site the first time you use it, and your video is processed on your own device without being uploaded. You can lower the resolution to 1080p, 720p or 480p, pick a quality, drop the sound, or trim the clip.</p>
<ul>
<li>Select a .mpeg or .mpg file and check what it holds.</li>
<li>Choose any options, then press Convert and follow the progress.</li>
<li>Download the AVI file and open it in your player; browsers do not play AVI themselves.</li>
</ul>
<p>Video encoding is demanding work, and this engine is slower than a native desktop program, so short clips finish quickly while a full-length recording can take a long time. The engine also keeps the finished AVI in memory until it is done, so very long recordings may run out of memory; trimming or a lower resolution helps. Keep the tab open until the download is offered.</p>`,
    blogContent: `<h2>MPEG and AVI: two veterans</h2>
<p>MPEG is named after the Moving Picture Experts Group, which standardised MPEG-1 in 1993 (used by Video CD) and MPEG-2 soon after (used by DVD and digital television). Files with the .mpeg or .mpg extension usually contain one of these two.</p>
<p>AVI (Audio Video Interleave) was introduced by Microsoft in 1992 with Video for Windows. It is a simple container that nearly every Windows program of the last thirty years can read, which is why legacy software and devices still ask for it.</p>
<h3>Tip</h3>
<p>For modern devices and the web, MP4 is usually the better target. The <a href="/tool/video-converter">Video Converter</a> can produce MP4, WebM, MKV, MOV, FLV and AVI.</p>`,
  },
  "mpg-to-avi-converter": {
    name: "MPG to AVI Converter",
    description:
      "Convert MPG video files to AVI with ffmpeg compiled to WebAssembly, running entirely in your browser.",
    icon: "🎞️",
    searchVolume: 2500,
    rank: 53,
    isFeatured: false,
    metaDescription:
      "Convert MPG video to AVI for free with ffmpeg running in your browser. Your video never leaves your device, no sign-up is needed, and you can trim or resize it.",
    metaKeywords:
      "mpg to avi, convert mpg to avi, mpg converter, mpg file, avi video, mpeg-1 to avi, free mpg converter",
    content: `<h2>About the MPG to AVI Converter</h2>
<p>The <strong>.mpg</strong> extension is common on clips from older digital cameras, camcorders and TV recordings. This tool converts such a file into an <strong>.avi</strong> video with MPEG-4 Part 2 picture and MP3 sound, the usual pairing inside AVI files.</p>
<p>Browsers cannot read MPG or write AVI, so the conversion uses ffmpeg compiled to WebAssembly, running in your browser. On first use the engine is loaded from this site, which takes a moment, and then your video is re-encoded on your own device. The file is never uploaded, which matters for family videos and other personal recordings. You can trim the clip, lower the resolution, pick a quality or drop the sound.</p>
<ul>
<li>Select an .mpg file; the page shows what it holds once the engine has read it.</li>
<li>Press Convert and follow the progress.</li>
<li>Download the AVI when the progress reaches 100% and play it in a desktop player.</li>
</ul>
<p>Processing time depends on the length and resolution of the video and on your device. Short clips are quick; long recordings need patience, and because this engine holds the finished file in memory, very long ones may not fit.</p>`,
    blogContent: `<h2>MPG files explained</h2>
<p>MPG is simply the three-letter form of the MPEG extension, dating from the time when Windows file names were limited to three-character extensions. An MPG file normally contains MPEG-1 or MPEG-2 video with MPEG audio.</p>
<p>These formats were designed for Video CD, DVD and broadcast television, and they are less efficient than modern codecs. Converting them does not improve the picture, but it can make old footage usable in software that refuses MPEG.</p>
<h3>Preserving old videos</h3>
<ul>
<li>Keep the original MPG files as your master copies.</li>
<li>Make AVI copies for legacy software and MP4 copies for phones and the web with the <a href="/tool/video-converter">Video Converter</a>.</li>
</ul>`,
  },
  "video-converter": {
    name: "Video Converter",
    description:
      "Convert videos to MP4, WebM, MKV, MOV, AVI or FLV in your browser, copying streams when they fit and re-encoding only when needed.",
    icon: "🎥",
    searchVolume: 27000,
    rank: 90,
    isFeatured: true,
    metaDescription:
      "Free video converter for MP4, WebM, MKV, MOV, AVI and FLV. It runs in your browser, copying streams when it can; your videos are never uploaded to a server.",
    metaKeywords:
      "video converter, convert video, mp4 converter, mov to mp4, mkv to mp4, webm to mp4, avi to mp4, online video converter",
    content: `<h2>About the Video Converter</h2>
<p>This converter opens MP4, WebM, OGG, AVI, MOV, FLV and MKV files and saves them as <strong>MP4, WebM, MKV, MOV, AVI or FLV</strong>. Before you convert, the page shows what the file holds: its length, video and audio codecs, picture size and bitrate.</p>
<p>When the streams already fit the new container, for example H.264 video with AAC sound going from MP4 to MOV or MKV, they are copied without re-encoding: that takes seconds even for long films and loses no quality. Otherwise the video is re-encoded, by your browser's own encoders where it has them (H.264 for MP4, MOV and MKV; VP9 or VP8 for WebM), or else by ffmpeg compiled to WebAssembly, which writes AVI and FLV and handles codecs your browser lacks. Everything runs on your device with engines loaded from this site; nothing is uploaded.</p>
<p>You can lower the resolution to 1080p, 720p or 480p (never enlarged), choose the quality, remove the sound, pick VP9 or VP8 for WebM, set the audio bitrate, and trim the video. Large files are read in slices rather than loaded whole, and for large inputs the result is written to disk as it is made, to a file you choose or to the browser's storage, so files of several gigabytes work where your browser can write to disk. Conversions that go through ffmpeg (AVI, FLV, and codecs your browser lacks) keep their result in memory until it is finished, so very long ones may not fit.</p>
<ul>
<li>Select a video file and check what it holds.</li>
<li>Choose the output format and any options.</li>
<li>Press Convert and follow the progress. The page says what was copied or re-encoded; play the result there (browsers cannot play AVI or FLV) and download it.</li>
</ul>
<p>Re-encoding video is heavy work. With the browser's encoders it is reasonably quick; through ffmpeg it is much slower than a native desktop program, so a long, high-resolution video can take a good while. Keep the tab open until it is done.</p>`,
    blogContent: `<h2>Containers and codecs</h2>
<p>A video file is a container that holds separately compressed video and audio streams. MP4, MKV, MOV and WebM are containers; H.264, VP9 and AV1 are codecs that compress the pictures inside them.</p>
<h3>Which format to choose</h3>
<ul>
<li><strong>MP4</strong>: the safest choice for phones, TVs, social networks and the web.</li>
<li><strong>WebM</strong>: an open format designed for web browsers.</li>
<li><strong>MKV</strong>: flexible, good for archiving with several audio or subtitle tracks.</li>
<li><strong>MOV</strong>: Apple's QuickTime format, common in editing workflows.</li>
<li><strong>AVI</strong> and <strong>FLV</strong>: for older software and devices that need them.</li>
</ul>
<p>To keep only the sound, use the <a href="/tool/mp4-to-mp3-converter">MP4 to MP3 converter</a>.</p>`,
  },
  "m4a-to-mp4-converter": {
    name: "M4A to MP4 Converter",
    description:
      "Turn M4A audio into an MP4 file for apps, upload forms and players that only accept the .mp4 extension.",
    icon: "📀",
    searchVolume: 4000,
    rank: 58,
    isFeatured: false,
    metaDescription:
      "Convert M4A audio to MP4 for apps and sites that only accept .mp4, copying the sound as it is or adding a still picture. It runs in your browser, no upload.",
    metaKeywords:
      "m4a to mp4, convert m4a to mp4, m4a converter, audio to mp4, mp4 audio, itunes m4a, voice memo to mp4",
    content: `<h2>About the M4A to MP4 Converter</h2>
<p>M4A and MP4 belong to the same MPEG-4 family, yet many upload forms, video platforms and media apps accept only files ending in <strong>.mp4</strong>. This tool takes an <strong>.m4a</strong> audio file, such as an iPhone voice memo, a podcast episode or a song, and produces a proper MP4 file containing your audio.</p>
<p>By default the result is an audio-only MP4: AAC sound is copied into the new file without re-encoding, which takes moments and keeps the quality of your original exactly. Some sites want a picture as well, so you can instead add a video track made from a still image: the cover art stored in the M4A, or a picture you choose. Everything is processed in your browser on your own device, with engines loaded from this site; your audio is never uploaded, and no account is needed.</p>
<ul>
<li>Select an .m4a file and check what it holds.</li>
<li>Choose the video track: none, the cover art, or a picture of your own.</li>
<li>Press Convert, play the result and download the MP4 file.</li>
</ul>
<p>When the sound is copied, the audio quality of the result matches your original. Apple Lossless files and changed audio options mean the sound is re-encoded to AAC instead. If what you need is an MP3 for an older player, the <a href="/tool/m4a-to-mp3-converter">M4A to MP3 converter</a> is the better tool.</p>`,
    blogContent: `<h2>M4A vs MP4</h2>
<p>Both formats are based on the ISO Base Media File Format, which grew out of Apple's QuickTime. MP4 (MPEG-4 Part 14) was standardised for files that may contain video, audio and subtitles. The M4A extension was popularised by Apple to signal that a file holds audio only, so that music players would list it as a song rather than a video.</p>
<p>Software that checks only the extension will often reject an M4A file even though it could play the content. Converting to MP4 solves that.</p>
<h3>Tip</h3>
<p>Keep the M4A for your music library, where players recognise it as audio, and use the MP4 copy only where an app demands it.</p>`,
  },
};
