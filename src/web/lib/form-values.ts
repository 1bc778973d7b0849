/** Empty inputs mean "not given": the contracts take null, not ''. */
export function emptyToNull(value: unknown) {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}
