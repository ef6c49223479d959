import type { HttpRequest } from '../http/request.js';
import type { Exchange } from '../routing/exchange.js';
import { messageOf, publishEnd, publishFormRequest, publishStart } from './channels.js';

/** What the kernel tells an observer (its `RequestObserver`). */
export interface Observer {
  started(request: HttpRequest, exchange: Exchange): void;
  answered(request: HttpRequest, status: number, exchange: Exchange): void;
}

/**
 * The kernel's observer that publishes each request's life on
 * `node:diagnostics_channel` (channels.ts). With no subscriber it checks one
 * flag per request and does nothing else.
 */
export function diagnosticsObserver(actionKey: string): Observer {
  return {
    started(_request, exchange) {
      publishStart(exchange, actionKey);
    },
    answered(request, status, exchange) {
      if (messageOf(request) === undefined) return;
      if (exchange.form !== undefined) publishFormRequest(request, { outcome: 'valid' });
      publishEnd(request, status);
    },
  };
}

/** Two observers told in turn (request logging, then diagnostics). */
export function bothObservers(first: Observer, second: Observer): Observer {
  return {
    started(request, exchange) {
      first.started(request, exchange);
      second.started(request, exchange);
    },
    answered(request, status, exchange) {
      first.answered(request, status, exchange);
      second.answered(request, status, exchange);
    },
  };
}
