export declare const freePort: () => Promise<number>;
export declare const startBuiltServer: (options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}) => Promise<{ baseUrl: string; stop: () => Promise<void> }>;
