/**
 * What one exchange with the target is, as the client hands it to its caller and to its
 * observers (the secret learner, the recorder, the response checks).
 *
 *   const observe: ExchangeObserver = (res) => { if (res.status >= 500) console.log(res.url); };
 */

export interface ApiResponse {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** Status, or 0 when the target gave no answer (see `error`). */
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any;
  durationMs: number;
  /** Why no response arrived (timeout, reset, body too large). */
  error?: string;
}

/** Sees each exchange once it is complete (or has failed), before the caller does. */
export type ExchangeObserver = (res: ApiResponse) => void;
