import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { didYouMean, suggest } from '../src/did-you-mean.js';

const didYouMeanSuite = suite('did-you-mean');

didYouMeanSuite('should suggest the closest candidate within the distance', () => {
  assert.is(suggest('thme', ['name', 'theme', 'colors']), 'theme');
  assert.is(suggest('primry', ['primary', 'light', 'dark']), 'primary');
  assert.is(suggest('drak', ['system', 'light', 'dark']), 'dark');
  assert.is(didYouMean('primry', ['primary']), 'Did you mean `primary`?');
});

didYouMeanSuite('should ignore case and prefer the earlier candidate on a tie', () => {
  assert.is(suggest('THEME', ['theme']), 'theme');
  assert.is(suggest('pat', ['bat', 'cat']), 'bat');
});

didYouMeanSuite('should suggest nothing when nothing is close', () => {
  assert.is(suggest('navigation', ['name', 'theme']), undefined);
  assert.is(suggest('ab', ['xy']), undefined);
  assert.is(didYouMean('zzz', ['theme']), undefined);
  assert.is(suggest('theme', ['theme']), undefined, 'an exact match needs no suggestion');
});

didYouMeanSuite('should honour an explicit distance', () => {
  assert.is(suggest('readble', ['readable'], { maxDistance: 0 }), undefined);
  assert.is(suggest('rdble', ['readable'], { maxDistance: 3 }), 'readable');
});

didYouMeanSuite.run();
