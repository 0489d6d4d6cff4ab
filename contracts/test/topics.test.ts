import { describe, expect, it } from 'vitest';
import {
  canonicalTopic,
  canonicalTopics,
  canonicalsByAliasPrefix,
  foldTopic,
  languageFromTopics,
  LANGUAGE_TOPICS,
  MARKUP_LANGUAGE_TOPICS,
  TOPIC_ALIASES,
} from '../src/topics.js';
import { normaliseTopics } from '../src/group-input.js';
import { TOPIC_PATTERN } from '../src/constants.js';

describe('canonicalTopic', () => {
  it.each([
    ['react', ['react', 'React', 'reactjs', 'ReactJS', 'react.js', 'React.js', 'react-js', 'react_js']],
    ['nodejs', ['nodejs', 'node', 'Node.js', 'node-js', 'NodeJS']],
    ['vue', ['vue', 'vuejs', 'vue.js', 'Vue.js', 'vue-js']],
    ['go', ['go', 'Go', 'golang', 'GoLang']],
    ['csharp', ['csharp', 'c#', 'C#', 'c-sharp']],
    ['cpp', ['cpp', 'c++', 'C++', 'cplusplus']],
    ['fsharp', ['f#', 'F#', 'fsharp']],
    ['dotnet', ['.net', '.NET', 'dotnet', 'dot-net']],
    ['dotnet-core', ['.net-core', '.NET Core', 'dotnet-core']],
    ['postgresql', ['postgres', 'PostgreSQL', 'postgresql']],
    ['python', ['python', 'Python3', 'python-3']],
    ['machine-learning', ['Machine Learning', 'machine_learning', 'machinelearning', 'ML']],
    ['kubernetes', ['k8s', 'Kubernetes']],
    ['nextjs', ['next.js', 'Next.js', 'nextjs']],
  ])('names every spelling of %s the same', (canonical, spellings) => {
    for (const spelling of spellings) expect(canonicalTopic(spelling), spelling).toBe(canonical);
  });

  it('folds case, spaces and punctuation, and keeps what is not an alias', () => {
    expect(canonicalTopic('  Web   Dev! ')).toBe('web-dev');
    expect(canonicalTopic('c++17')).toBe('cpp17');
    expect(canonicalTopic('asp.net-core')).toBe('aspnet-core');
    expect(canonicalTopic('--a--b--')).toBe('a-b');
    expect(canonicalTopic('zeromq')).toBe('zeromq');
  });

  it('is null when nothing usable is left or the name is too long', () => {
    expect(canonicalTopic('')).toBeNull();
    expect(canonicalTopic(' !? ')).toBeNull();
    expect(canonicalTopic('日本語')).toBeNull();
    expect(canonicalTopic('x'.repeat(51))).toBeNull();
    expect(canonicalTopic('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('is stable: a canonical name is its own canonical name', () => {
    for (const [canonical, aliases] of Object.entries(TOPIC_ALIASES)) {
      expect(canonicalTopic(canonical)).toBe(canonical);
      for (const alias of aliases) {
        expect(foldTopic(alias), `${alias} is written folded`).toBe(alias);
        expect(canonicalTopic(alias)).toBe(canonical);
      }
    }
  });

  it('gives names a group topic may take', () => {
    const pattern = new RegExp(TOPIC_PATTERN);
    for (const raw of ['C#', '.NET Core', 'React.js', 'Machine Learning', 'c++', 'a_b/c']) {
      expect(canonicalTopic(raw)).toMatch(pattern);
    }
  });

  it('never names one alias under two canonical names, nor makes a canonical name an alias', () => {
    const aliases = Object.values(TOPIC_ALIASES).flat();
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const canonical of Object.keys(TOPIC_ALIASES)) expect(aliases).not.toContain(canonical);
  });
});

describe('canonicalTopics', () => {
  it('merges aliases, keeping the place of the first spelling', () => {
    expect(canonicalTopics(['javascript', 'ReactJS', 'css', 'react', 'react.js', 'Node.js', 'node'])).toEqual(
      ['javascript', 'react', 'css', 'nodejs'],
    );
  });

  it('drops what is not a string or leaves nothing, and keeps at most max', () => {
    expect(canonicalTopics([42, null, '', '#', 'ok'])).toEqual(['sharp', 'ok']);
    expect(canonicalTopics(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
  });
});

describe('a posted group', () => {
  it('stores the canonical names too', () => {
    expect(normaliseTopics(['ReactJS', 'react.js', 'Golang'])).toEqual({ ok: true, value: ['react', 'go'] });
  });
});

describe('canonicalsByAliasPrefix', () => {
  it('finds a canonical name by the start of an alias', () => {
    expect(canonicalsByAliasPrefix('golan')).toEqual(['go']);
    expect(canonicalsByAliasPrefix('reactj')).toEqual(['react']);
    expect(canonicalsByAliasPrefix('')).toEqual([]);
  });
});

describe('languageFromTopics', () => {
  it('takes the first topic that names a programming language', () => {
    expect(languageFromTopics(['web', 'python', 'django'])).toBe('Python');
    expect(languageFromTopics(['html', 'css', 'javascript'])).toBe('JavaScript');
    expect(languageFromTopics(['dotnet', 'csharp'])).toBe('C#');
    expect(languageFromTopics(['cpp'])).toBe('C++');
  });

  it('falls back to markup, and is null when no topic names a language', () => {
    expect(languageFromTopics(['website', 'css', 'html'])).toBe('CSS');
    expect(languageFromTopics(['react', 'web'])).toBeNull();
    expect(languageFromTopics([])).toBeNull();
  });

  it('is keyed by canonical names only', () => {
    for (const topic of [...Object.keys(LANGUAGE_TOPICS), ...Object.keys(MARKUP_LANGUAGE_TOPICS)]) {
      expect(canonicalTopic(topic)).toBe(topic);
    }
  });
});
