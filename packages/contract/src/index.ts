export * from './envelope.js';
export * from './errors.js';
export * from './enums.js';
export * from './registry.js';
export * from './validators.js';
export * from './common-info.js';
export * from './dictionary.js';
export { endpoints, type EndpointName } from './endpoints.js';
