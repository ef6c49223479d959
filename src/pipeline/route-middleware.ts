import type { Stage } from '../routing/exchange.js';

/** The route's middleware (composed once, at boot) around the stages after it. */
export const routeMiddleware: Stage = (exchange) => exchange.route!.runMiddleware(exchange);
