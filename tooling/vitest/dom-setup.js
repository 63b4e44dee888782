import { configure } from '@testing-library/dom';
// CI runs two packages' suites at once on two shared cores: a lazy route's first import can take
// seconds there, longer than testing-library's 1 s default for findBy*/waitFor. A real failure
// still fails, only later.
configure({ asyncUtilTimeout: 10_000 });
