/**
 * Records the microphone as 16-bit mono WAV (what the server reads and measures exactly; MediaRecorder's WebM
 * carries no duration). Stops by itself at `maxSeconds`.
 */
export interface WavRecording {
  stop(): Promise<Blob>;
  cancel(): void;
}

const encodeWav = (samples: Float32Array, rate: number): Blob => {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, Math.max(-1, Math.min(1, sample)) * 0x7fff, true));
  return new Blob([buffer], { type: 'audio/wav' });
};

export const startWavRecording = async (maxSeconds: number, onLimit: () => void): Promise<WavRecording> => {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but works everywhere without serving a worklet file.
  const processor = context.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  let length = 0;
  const limit = maxSeconds * context.sampleRate;
  processor.onaudioprocess = (event) => {
    if (length >= limit) return;
    const data = new Float32Array(event.inputBuffer.getChannelData(0));
    chunks.push(data);
    length += data.length;
    if (length >= limit) onLimit();
  };
  source.connect(processor);
  processor.connect(context.destination);
  const close = () => {
    processor.disconnect();
    source.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    void context.close();
  };
  return {
    async stop() {
      close();
      const samples = new Float32Array(Math.min(length, limit));
      let at = 0;
      for (const chunk of chunks) {
        const part = chunk.subarray(0, samples.length - at);
        samples.set(part, at);
        at += part.length;
        if (at >= samples.length) break;
      }
      return encodeWav(samples, context.sampleRate);
    },
    cancel: close,
  };
};
