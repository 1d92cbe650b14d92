/** Types for the npm package snowball-stemmers (it ships none): Snowball stemmers, used for German help search. */
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): Stemmer; algorithms(): string[] };
  export default snowball;
}
