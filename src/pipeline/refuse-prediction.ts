import { PrecognitionNotSupportedError } from '../precognition.js';
import type { Stage } from '../routing/exchange.js';

/**
 * A prediction for an action without `precognition = true`, on a route not
 * behind the `precognitive` middleware, is a 400: it must never cause the
 * handler's effects.
 */
export const refuseUnsupportedPrediction: Stage = (exchange) => {
  if (exchange.request.isPrecognitive && !exchange.variesOnPrecognition) throw new PrecognitionNotSupportedError();
  return exchange.next();
};
