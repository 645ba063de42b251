// Imported by every page that has a fenced code block (see ./remark.ts).
import CodeBlock from '@theme/CodeBlock';
import {registerCodeBlock} from './slot';

registerCodeBlock(CodeBlock);
