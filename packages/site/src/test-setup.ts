// The site's unit tests render whole pages, whose route chunks load lazily: on a loaded 2-core CI machine
// the first page of a file took over Testing Library's default 1 s to appear (chat-pages.test.tsx,
// 2026-12-05). A `findBy…` waits up to 5 s here; a page that never appears still fails the test.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
