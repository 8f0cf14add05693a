export { slugify } from '@docsgen/util/slug';
