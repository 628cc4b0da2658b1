import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { SpeechProviderError } from '../provider-errors.js';
import { socketExchange } from '../provider-socket.js';
import type { TtsEngine } from './tts-engine.js';

interface ServerEvent {
  header?: { event?: string; task_id?: string; error_code?: string; error_message?: string };
}

/**
 * Aliyun CosyVoice over DashScope's WebSocket task protocol: connect with `Authorization: bearer <key>`, send
 * `run-task` (model, voice, format, rate), wait for `task-started`, send the text in `continue-task` and
 * `finish-task`; the audio arrives as binary frames until `task-finished` (or `task-failed`).
 */
export const createCosyVoiceTtsEngine = (options: {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}): TtsEngine => ({
  name: 'cosyvoice',
  offline: false,
  maxChars: 2000,
  synthesize: async ({ text, voice, speed, signal }) => {
    const url = options.baseUrl ?? 'wss://dashscope.aliyuncs.com/api-ws/v1/inference/';
    const taskId = randomUUID();
    const socket = new WebSocket(url, { headers: { authorization: `bearer ${options.apiKey ?? ''}` } });
    const limits = { timeoutMs: options.timeoutMs, signal, closedEarly: 'closed before the task finished' };
    return socketExchange<Buffer>('cosyvoice', socket, limits, (finish) => {
      const chunks: Buffer[] = [];
      const send = (action: string, payload: Record<string, unknown>) =>
        socket.send(JSON.stringify({ header: { action, task_id: taskId, streaming: 'duplex' }, payload }));

      socket.on('open', () =>
        send('run-task', {
          task_group: 'audio',
          task: 'tts',
          function: 'SpeechSynthesizer',
          model: options.model ?? 'cosyvoice-v1',
          parameters: {
            text_type: 'PlainText',
            voice: voice.voice,
            format: 'mp3',
            sample_rate: 22050,
            rate: speed / 100,
          },
          input: {},
        }),
      );
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) {
          chunks.push(Buffer.from(data));
          return;
        }
        let event: ServerEvent;
        try {
          event = JSON.parse(data.toString()) as ServerEvent;
        } catch {
          return;
        }
        switch (event.header?.event) {
          case 'task-started':
            send('continue-task', { input: { text } });
            send('finish-task', { input: {} });
            break;
          case 'task-finished':
            if (chunks.length) finish(null, Buffer.concat(chunks));
            else finish(new SpeechProviderError('cosyvoice: no audio'));
            break;
          case 'task-failed':
            finish(
              new SpeechProviderError(
                `cosyvoice ${event.header.error_code ?? ''}: ${event.header.error_message ?? ''}`,
                event.header.error_code !== 'Throttling',
              ),
            );
            break;
        }
      });
      socket.on('unexpected-response', (_req, res) =>
        finish(new SpeechProviderError(`cosyvoice answered ${res.statusCode}`, res.statusCode === 401)),
      );
    });
  },
});
