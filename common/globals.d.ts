/**
 * The few globals that Node and every browser both have, declared for common/'s own type check, which
 * knows neither side's full set (common/tsconfig.json): only what common/ uses.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
}
