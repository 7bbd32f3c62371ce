/** The one source of "now" (`app.clock`): use cases read it when they need it, so tests can move time. */
export interface Clock {
  now: () => Date;
}
