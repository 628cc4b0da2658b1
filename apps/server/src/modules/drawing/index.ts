// Public entry of the drawing module (AI drawing tasks, the works hall, role images).
export { registerDrawingRoutes } from './drawing.routes.js';
