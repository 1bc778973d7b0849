// The version the error reports name (decision 057), from package.json at build time.
import { version } from '../../../package.json';

export const appVersion: string = version;
