/** A title inside a sentence: "Sign-ins" becomes "sign-ins"; an initialism ("IP blocks") stays. */
export function inSentence(title: string): string {
  return title.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());
}
