// Prism's component files have no type declarations of their own.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
declare module 'prismjs/components/prism-markup';
