import { configure } from '@testing-library/dom';

// Tests never fail on time: a screen that appears after the bridge answers may take longer
// than Testing Library's default second on a loaded machine, so findBy/waitFor wait up to
// ten seconds (they still return as soon as what they wait for is there).
configure({ asyncUtilTimeout: 10_000 });
