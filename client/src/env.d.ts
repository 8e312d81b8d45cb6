/// <reference types="vite/client" />

// No build-time link variables: the site's links are the coach's settings, read at run time (client/src/lib/site.ts).
