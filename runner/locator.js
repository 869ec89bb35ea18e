// The locator engine. One evaluation finds a target's candidates, checks the
// state a step waits for and, on time-out, explains what the page holds
// instead. It runs in the page's main world and keeps nothing between calls.
//
// Called as (ENGINE)(args) with args:
//   op:      "element" (wait for the target in a state, return the element),
//            "count" (wait until the visible match count equals want),
//            "absent" (wait until no visible match),
//            "text" / "notext" (wait until page or target text does / doesn't contain text),
//            "title" (wait until document.title equals text),
//            "settle" (wait until the DOM has been quiet for quiet ms),
//            "describe" (no wait: what the target resolves to now),
//            "quiet" (only wait for the page to settle; see settle below),
//            "value" / "checked" / "enabled" / "focused" (wait until the
//            target's state is want: text, true or false),
//            "style" (wait until the computed style prop matches text),
//            "options" (wait until a drop-down's option labels are texts,
//            in order; with cmp "includes", hold each of texts; with
//            cmp "count", number want),
//            "order" (wait until texts appear in order on the page or
//            among the target's matches)
//   target:  {kind, value, exact, name, level, within, nth, in, under, beside} as plan.Target
//            (in: a part of the page, see REGIONS; a page with none of that
//            part never holds the condition, and its diagnosis says no_region)
//   cmp:     "eq" | "ge" | "le" for op "count"
//   state:   "attached" | "visible" | "actionable" | "editable" | "selectable"
//   reveal:  op "element": also return a hidden match inside a visible item
//   opener:  op "element": the target of a reach step, which a control
//            named for opening it also matches (see openerVariants)
//   timeout: ms to keep polling in the page
//   settle:  when > 0, give up before timeout once the page has been settled
//            (see settle.js) for settle ms, and at least hold ms have passed
//            since this call began; the diagnosis then carries "settled":
//            the ms the page had been quiet
//   horizon: ms until the step's budget ends, when later than timeout:
//            timers due before it keep the page unsettled
// A success returns the element itself (op "element") or the string "ok:"+JSON;
// a time-out returns "no:"+JSON with a diagnosis.
(async function (args) {
  'use strict';
  // quote puts a string in quotation marks for people, without JSON's
  // backslashes (see plan.Quote).
  const quote = (x) => (/[\u0000-\u001f\u007f]/.test(x) ? JSON.stringify(x) : x.includes('"') ? '\u201c' + x + '\u201d' : '"' + x + '"');
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'META', 'LINK', 'svg']);
  const BLOCK = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DIV', 'DL', 'DT',
    'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER',
    'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL', 'OPTION',
    'TBODY', 'THEAD', 'TFOOT', 'CAPTION', 'DETAILS', 'SUMMARY', 'DIALOG', 'LEGEND', 'LABEL']);
  const NAME_FROM_CONTENT = new Set(['button', 'link', 'heading', 'checkbox', 'radio', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'cell', 'columnheader', 'rowheader', 'gridcell',
    'switch', 'tooltip', 'treeitem', 'row']);
  const INTERESTING = new Set(['button', 'link', 'heading', 'textbox', 'checkbox', 'radio', 'combobox',
    'listbox', 'searchbox', 'switch', 'tab', 'menuitem', 'option', 'img', 'slider', 'spinbutton',
    'status', 'alert', 'dialog', 'menuitem', 'tabpanel', 'menu', 'tablist']);
  // Roles and tags that make an element an item of a repeated list, for
  // within= (see itemOf).
  const ITEM_ROLES = new Set(['listitem', 'row', 'article', 'option', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'tab', 'treeitem']);

  // The parts of the page in= pins a target inside (plan.Regions): the
  // tag and the ARIA landmark role that mark each. A <header> or <footer>
  // inside an article, aside, main, nav or section is that part's own
  // header or footer, not the page's (HTML-AAM), so it is none.
  const REGIONS = {
    header: ['HEADER', 'banner'], footer: ['FOOTER', 'contentinfo'], nav: ['NAV', 'navigation'],
    aside: ['ASIDE', 'complementary'], main: ['MAIN', 'main'], dialog: ['DIALOG', 'dialog'],
  };
  // Other roles that mark a part: an alert dialog is a dialog.
  const REGION_ROLES = { dialog: ['alertdialog'] };
  const SECTIONING = 'article, aside, main, nav, section, [role~="article"], [role~="complementary"], [role~="main"], [role~="navigation"], [role~="region"]';

  const norm = (s) => String(s == null ? '' : s).replace(/[\s\u00a0\u200b]+/g, ' ').trim();
  const low = (s) => s.toLowerCase();

  // Every element of the document, open shadow roots included, in document order.
  function allElements() {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  }

  function visible(el) {
    if (!el.isConnected) return false;
    if (el.tagName === 'OPTION') {
      const sel = el.closest('select');
      return !!sel && visible(sel);
    }
    if (!el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  // drawn reports whether a visible element is drawn where a person can
  // see it: not fully transparent, not wholly off the page's left or top
  // edge, not clipped to a pixel (the "sr-only" text of screen readers).
  // An element that an animation or transition is moving (a heading that
  // fades in a moment after the page loads) counts as drawn: it is about
  // to be, whatever the action does, and a count taken before it shows
  // must not make the action seem to show it.
  function drawn(el) {
    if (el.tagName === 'OPTION') return true;
    const r = el.getBoundingClientRect();
    const seen = el.checkVisibility({ opacityProperty: true }) &&
      r.right + window.scrollX > 0 && r.bottom + window.scrollY > 0 && (r.width > 1 || r.height > 1);
    return seen || animated(el);
  }

  function animated(el) {
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      if (a.getAnimations().some((x) => x.playState === 'running' || x.playState === 'pending')) return true;
    }
    return false;
  }

  function enabled(el) {
    if (el.matches(':disabled')) return false;
    if (el.closest('[aria-disabled="true"]')) return false;
    // A control greyed out by a class ("disabled", "is-disabled", jQuery
    // UI's "ui-state-disabled", a BEM "--disabled" modifier), as
    // Transmission's toolbar and Bootstrap's .disabled mark it; also on the
    // list item a menu entry or page link sits in.
    if (classDisabled(el)) return false;
    const li = el.parentElement && el.parentElement.closest('li');
    return !(li && classDisabled(li) && li.contains(el) && !li.querySelector('li'));
  }

  function classDisabled(el) {
    for (const c of el.classList) {
      if (c === 'disabled' || c === 'is-disabled' || c === 'ui-state-disabled' || c.endsWith('--disabled')) return true;
    }
    return false;
  }

  function editable(el) {
    if (el.isContentEditable) return true;
    if (el.tagName === 'TEXTAREA') return !el.readOnly;
    if (el.tagName === 'INPUT') {
      const t = (el.type || 'text').toLowerCase();
      if (['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'hidden'].includes(t)) return false;
      return !el.readOnly;
    }
    return false;
  }

  // labelledField reports whether el is a form field a label names.
  function labelledField(el) {
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable) {
      return !(el.tagName === 'INPUT' && ['button', 'submit', 'reset', 'image', 'hidden'].includes((el.type || '').toLowerCase()));
    }
    const r = el.getAttribute('role');
    return ['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton'].includes(r);
  }

  // wordIn reports whether w occurs in s with no letter or digit either side.
  function wordIn(s, w) {
    for (let i = s.indexOf(w); i >= 0; i = s.indexOf(w, i + 1)) {
      const a = i === 0 ? '' : s[i - 1];
      const b = s[i + w.length] || '';
      if (!/[\p{L}\p{N}]/u.test(a) && !/[\p{L}\p{N}]/u.test(b)) return true;
    }
    return false;
  }

  function ariaHidden(el) {
    for (let e = el; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host)) {
      if (e.getAttribute && (e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('inert'))) return true;
    }
    return false;
  }

  function implicitRole(el) {
    const tag = el.tagName;
    switch (tag) {
      case 'A': case 'AREA': return el.hasAttribute('href') ? 'link' : '';
      case 'BUTTON': return 'button';
      case 'SUMMARY': return 'button';
      case 'INPUT': {
        const t = (el.getAttribute('type') || 'text').toLowerCase();
        if (['button', 'submit', 'reset', 'image'].includes(t)) return 'button';
        if (t === 'checkbox') return 'checkbox';
        if (t === 'radio') return 'radio';
        if (t === 'range') return 'slider';
        if (t === 'number') return 'spinbutton';
        if (t === 'hidden' || t === 'file' || t === 'color' || t === 'date' || t === 'time' ||
          t === 'datetime-local' || t === 'month' || t === 'week') return '';
        if (el.hasAttribute('list')) return 'combobox';
        if (t === 'search') return 'searchbox';
        return 'textbox'; // text, email, tel, url, password (as Playwright)
      }
      case 'TEXTAREA': return 'textbox';
      case 'SELECT': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
      case 'OPTION': return 'option';
      case 'H1': case 'H2': case 'H3': case 'H4': case 'H5': case 'H6': return 'heading';
      case 'IMG': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
      case 'UL': case 'OL': case 'MENU': return 'list';
      case 'LI': return 'listitem';
      case 'NAV': return 'navigation';
      case 'MAIN': return 'main';
      case 'ASIDE': return 'complementary';
      case 'HEADER': return el.closest('article,aside,main,nav,section') ? '' : 'banner';
      case 'FOOTER': return el.closest('article,aside,main,nav,section') ? '' : 'contentinfo';
      case 'FORM': return 'form';
      case 'SECTION': return (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) ? 'region' : '';
      case 'ARTICLE': return 'article';
      case 'DIALOG': return 'dialog';
      case 'TABLE': return 'table';
      case 'TR': return 'row';
      case 'TD': return 'cell';
      case 'TH': return el.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
      case 'PROGRESS': return 'progressbar';
      case 'FIELDSET': return 'group';
      case 'HR': return 'separator';
      case 'P': return 'paragraph';
      case 'OUTPUT': return 'status';
    }
    return '';
  }

  function roleOf(el) {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit === 'none' ? 'presentation' : explicit;
    return implicitRole(el);
  }

  function headingLevel(el) {
    const a = parseInt(el.getAttribute('aria-level') || '', 10);
    if (a > 0) return a;
    const m = /^H([1-6])$/.exec(el.tagName);
    return m ? +m[1] : 0;
  }

  // Text of an element as a reader sees it: rendered children only, images
  // by their alt text, blocks separated by spaces. Memoised per evaluation.
  const textMemo = new Map();
  function contentText(el) {
    if (textMemo.has(el)) return textMemo.get(el);
    let out = '';
    const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    for (const n of kids) {
      if (n.nodeType === 3) { out += n.data; continue; }
      if (n.nodeType !== 1 || SKIP.has(n.tagName)) continue;
      if (n.tagName === 'SLOT') { for (const a of n.assignedNodes()) out += a.nodeType === 3 ? a.data : (a.nodeType === 1 ? contentText(a) : ''); continue; }
      if (!n.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true }) && n.tagName !== 'OPTION') continue;
      let t;
      if (n.getAttribute('aria-hidden') === 'true') t = '';
      else if (n.tagName === 'IMG') t = n.getAttribute('alt') || '';
      else if (n.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes((n.type || '').toLowerCase())) t = n.value;
      else if (n.tagName === 'SELECT') t = n.selectedOptions.length ? n.selectedOptions[0].textContent : '';
      else t = contentText(n);
      out += BLOCK.has(n.tagName) ? ' ' + t + ' ' : t;
    }
    out = norm(out);
    textMemo.set(el, out);
    return out;
  }

  function byIds(ids) {
    const root = document;
    return ids.split(/\s+/).filter(Boolean).map((id) => root.getElementById(id)).filter(Boolean);
  }

  // The text of the labels of a form control: <label for>, a wrapping label,
  // aria-labelledby and aria-label.
  function labelTexts(el) {
    const out = [];
    const lb = el.getAttribute('aria-labelledby');
    if (lb) { const t = norm(byIds(lb).map((e) => contentText(e)).join(' ')); if (t) out.push(t); }
    const al = norm(el.getAttribute('aria-label'));
    if (al) out.push(al);
    if (el.labels) for (const l of el.labels) { const t = labelOwnText(l, el); if (t) out.push(t); }
    return out;
  }

  // A label's text without the value of a control it wraps.
  function labelOwnText(label, control) {
    if (!label.contains(control)) return contentText(label);
    let out = '';
    for (const n of label.childNodes) {
      if (n === control) continue;
      if (n.nodeType === 3) out += n.data;
      else if (n.nodeType === 1 && !n.contains(control)) out += ' ' + contentText(n) + ' ';
      else if (n.nodeType === 1) out += ' ' + labelOwnText(n, control) + ' ';
    }
    return norm(out);
  }

  const FIELD_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

  // textBefore is the text between a field and the previous field or
  // control among its siblings ('' when an element in between holds one).
  // A field alone in its wrapper is named by the text before the wrapper,
  // as a form laid out in rows reads "Encryption mode: [Prefer ▾]"
  // (<div class="key">Encryption mode:</div><div class="value"><select>):
  // up to two wrappers, each holding no other control.
  function textBefore(el) {
    let out = '';
    for (let cur = el, up = 0; ; up++) {
      for (let n = cur.previousSibling; n; n = n.previousSibling) {
        if (n.nodeType === 3) { out = n.data + ' ' + out; continue; }
        if (n.nodeType !== 1) continue;
        if (FIELD_TAGS.has(n.tagName) || n.tagName === 'BUTTON' || n.querySelector('input,select,textarea,button')) return norm(out);
        out = contentText(n) + ' ' + out;
        if (out.length > 200) return '';
      }
      const p = cur.parentElement;
      if (norm(out) || up >= 2 || !p || p === document.body || p.querySelectorAll('input,select,textarea,button').length > 1) break;
      cur = p;
    }
    return norm(out);
  }

  // A simple accessible name: aria-labelledby, aria-label, labels, alt,
  // value of input buttons, content for roles named by content, title,
  // placeholder.
  function accName(el, role) {
    const lb = el.getAttribute('aria-labelledby');
    if (lb) { const t = norm(byIds(lb).map((e) => contentText(e)).join(' ')); if (t) return t; }
    const al = norm(el.getAttribute('aria-label'));
    if (al) return al;
    const tag = el.tagName;
    if (tag === 'INPUT') {
      const t = (el.type || '').toLowerCase();
      if (t === 'button' || t === 'submit' || t === 'reset') return norm(el.value) || (t === 'submit' ? 'Submit' : t === 'reset' ? 'Reset' : '');
      if (t === 'image') return norm(el.getAttribute('alt')) || norm(el.title) || 'Submit';
    }
    if (el.labels && el.labels.length) {
      const t = norm(Array.from(el.labels).map((l) => labelOwnText(l, el)).join(' '));
      if (t) return t;
    }
    if (tag === 'IMG' || tag === 'AREA') { const t = norm(el.getAttribute('alt')); if (t) return t; }
    if (tag === 'FIELDSET') { const lg = el.querySelector(':scope > legend'); if (lg) { const t = contentText(lg); if (t) return t; } }
    if (tag === 'TABLE' && el.caption) { const t = contentText(el.caption); if (t) return t; }
    if (NAME_FROM_CONTENT.has(role)) { const t = contentText(el) || svgName(el); if (t) return t; }
    const title = norm(el.getAttribute('title'));
    if (title) return title;
    if ((tag === 'INPUT' || tag === 'TEXTAREA') && el.placeholder) return norm(el.placeholder);
    return '';
  }

  // svgName is the name of an icon button drawn by an SVG alone: the
  // SVG's aria-label or its <title> (accname computes a name from content
  // so, and icon libraries name their close and menu icons this way).
  function svgName(el) {
    for (const svg of el.querySelectorAll('svg')) {
      if (svg.closest('[aria-hidden="true"]')) continue;
      const al = norm(svg.getAttribute('aria-label'));
      if (al) return al;
      const t = svg.querySelector(':scope > title');
      if (t && norm(t.textContent)) return norm(t.textContent);
    }
    return '';
  }

  // titleName is the name of an icon control: an element with no role and
  // no text of its own, only a title, that a person can click — the
  // pointer cursor or an onclick handler says so (Transmission's toolbar
  // <div title="Open Torrent">). The title is the last fallback of the
  // accessible name Playwright computes; such an element has no other
  // name to be found by. '' for any other element.
  function titleName(el) {
    if (!el.hasAttribute('title') || SKIP.has(el.tagName) || roleOf(el) || contentText(el)) return '';
    const title = norm(el.getAttribute('title'));
    if (!title) return '';
    if (typeof el.onclick === 'function' || el.hasAttribute('onclick') || getComputedStyle(el).cursor === 'pointer') return title;
    // A click listener added from script (Transmission's footer icons,
    // bound with jQuery's .click(), keep the default cursor).
    if (tracker && tracker.clickable && tracker.clickable.has(el)) return title;
    return '';
  }

  // titled adds the icon controls whose title matches to a text or button
  // target's candidates, only when nothing matches it whole already: a
  // title never competes with a text or a name the page shows.
  function titled(out, els, t) {
    if (out.some((x) => x.score === 2)) return;
    for (const el of els) {
      if (!el.hasAttribute('title') || el.closest('head') || ariaHidden(el)) continue;
      const name = titleName(el);
      if (!name) continue;
      // Whole titles only: "Start" is not the icon titled "Start
      // Selected Torrents".
      if (score(name, t) === 2) out.push({ el, score: 2 });
    }
  }

  // A control's name is what a check of it is about: "has a 'Delete'
  // button" is not verified by a button "Delete all". With args.whole
  // (the checks that something is there or in a state; not an absence,
  // where any near name counts as present, nor an action), a part of a
  // name of these roles matches only when the rest of the name is no
  // word: an icon, an arrow, a count ("Save ▾", "Inbox (3)").
  const WHOLE_ROLES = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'checkbox', 'radio', 'switch']);
  const LETTER = /\p{L}/u;
  function wholeName(el, t) {
    // The text a person reads on it counts as well as its accessible
    // name: Jupyter's "Duplicate" button is labelled "Duplicate selected".
    return [accName(el, roleOf(el) || t.value), titleName(el), contentText(el)].some((n) => noOtherWord(n, t));
  }

  // wholeText: the text of el is the wanted text and no other word.
  function wholeText(el, t) {
    return noOtherWord(el.tagName === 'INPUT' ? el.value : contentText(el), t);
  }

  // noOtherWord: s holds the wanted text, and what else it holds has no
  // letter (an icon, an arrow, a count).
  function noOtherWord(s, t) {
    const l = low(norm(s || ''));
    const i = indexOfText(l, t.wantLow, 0);
    return i >= 0 && !LETTER.test(l.slice(0, i) + l.slice(i + t.wantLow.length));
  }

  // A trailing ellipsis says a control opens something more ("Edit
  // Preferences…"); a person names the control without it.
  const ELLIPSIS = /\s*(?:\u2026|\.\.\.)$/;

  // overlays adds to a dialog target's candidates the windows a person
  // sees as dialogs though no role says so (Transmission's "Upload Torrent
  // Files": a positioned <div> over the page with an <h2>), only when no
  // element with the role matches whole (for an unnamed target, none
  // visible). Such a window is a positioned
  // (absolute or fixed) element with a heading, which names it, drawn over
  // other content: beneath its heading lies an element outside it that
  // is not one of its ancestors (an app's frame, positioned to fill the
  // page, lies over nothing but the body).
  function overlays(out, els, t) {
    // An unnamed dialog target ("a dialog is open") looks at the windows
    // too while every element with the role is hidden (an app's dialogs
    // built but closed).
    if (out.some((x) => x.score === 2 && (t.name || visible(x.el)))) return;
    for (const el of els) {
      if (SKIP.has(el.tagName) || el === document.body || el === document.documentElement) continue;
      if (roleOf(el) !== '' || ariaHidden(el)) continue;
      const pos = getComputedStyle(el).position;
      if (pos !== 'absolute' && pos !== 'fixed') continue;
      const h = overlayHeading(el);
      if (!h) continue;
      if (visible(el) && !drawnOver(el, h)) continue;
      const s = t.name ? score(contentText(h), t) : 2;
      if (s) out.push({ el, score: s });
    }
  }

  // popupItems adds to a menu item target's candidates the items of menus
  // built without ARIA roles (a <div> of <div>s with click listeners), as
  // Playwright's getByRole('menuitem') would find them had the page said
  // so: the element showing the whole name inside a popup (see inPopup).
  // Only when no element with the role matches whole.
  // tabPanels: a tab's panel, which a person finds by its tab. With no
  // panel named by the tab (aria-labelledby), the panel of the tab of that
  // name: the one its aria-controls points at, else the one shown panel of
  // the tab's own tab set (the nearest ancestor of the tab that holds a
  // panel; TiddlyWiki draws one unnamed panel beside its tab buttons),
  // never a panel inside another.
  function tabPanels(out, els, t) {
    if (out.some((x) => x.score === 2)) return;
    for (const el of els) {
      if (roleOf(el) !== 'tab' || ariaHidden(el)) continue;
      const s = score(accName(el, 'tab'), t);
      if (!s) continue;
      let panel = null;
      for (const id of (el.getAttribute('aria-controls') || '').trim().split(/\s+/)) {
        const p = id && el.ownerDocument.getElementById(id);
        if (p && roleOf(p) === 'tabpanel') { panel = p; break; }
      }
      for (let a = el.parentElement; !panel && a; a = a.parentElement) {
        const ps = [...a.querySelectorAll('[role=tabpanel]')].filter((p) => !p.parentElement.closest('[role=tabpanel]') || a.closest('[role=tabpanel]') === p.parentElement.closest('[role=tabpanel]'));
        if (!ps.length) continue;
        const shown = ps.filter((p) => visible(p));
        if (shown.length === 1) panel = shown[0];
        break;
      }
      if (panel && !out.some((x) => x.el === panel)) out.push({ el: panel, score: s });
    }
  }

  function popupItems(out, t) {
    if (out.some((x) => x.score === 2)) return;
    for (const x of candidates({ kind: 'text', want: t.want, wantLow: t.wantLow, exact: t.exact })) {
      if (x.score === 2 && inPopup(x.el)) out.push(x);
    }
  }

  // inPopup reports whether el lies in a menu or list box (by its role),
  // or in what the latest press of a mouse button or key revealed: an
  // element added, or whose attributes changed (shown, unhidden), since
  // then. A container of the control pressed is the page around it, not
  // what it opened: the search stops there — unless it is the control's
  // own parent or grandparent and the press changed it, as Bootstrap 3
  // marks a dropdown open (li.dropdown.open) and its stylesheet shows the
  // list beside the control. Before any press, nothing is revealed.
  function inPopup(el) {
    const s = tracker;
    const opener = s && s.actTarget;
    for (let a = el; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const r = roleOf(a);
      if (r === 'menu' || r === 'listbox') return true;
      if (!s || !s.changed || !s.act) continue;
      if (opener && opener.isConnected && a.contains(opener)) {
        const when = s.changed.get(a);
        const near = a === opener.parentElement || (opener.parentElement && a === opener.parentElement.parentElement);
        return near && when !== undefined && when >= s.act && !opener.contains(el) && visible(el);
      }
      const when = s.changed.get(a);
      if (when !== undefined && when >= s.act) return true;
    }
    return false;
  }

  // inControlled reports whether el lies in an element the control last
  // pressed says it controls (aria-controls on it or around it).
  function inControlled(el) {
    const s = tracker;
    const c = s && s.actTarget && s.actTarget.isConnected && s.actTarget.closest('[aria-controls]');
    if (!c) return false;
    return byIds(c.getAttribute('aria-controls')).some((p) => p.contains(el));
  }

  // overlayHeading is the first heading inside el (a visible one first).
  function overlayHeading(el) {
    let first = null;
    for (const h of el.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')) {
      if (!contentText(h)) continue;
      if (visible(h)) return h;
      if (!first) first = h;
    }
    return first;
  }

  function drawnOver(el, h) {
    if (!visible(h)) return false;
    const r = h.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    let seen = false;
    for (const e of document.elementsFromPoint(x, y)) {
      if (e === el) { seen = true; continue; }
      if (!seen || e.contains(el)) continue;
      return true;
    }
    return false;
  }

  // 2: the whole text matches; 1: a part matches; 0: no match.
  function score(text, t) {
    const s = norm(text);
    const bare = ELLIPSIS.test(s) && !ELLIPSIS.test(t.want) ? s.replace(ELLIPSIS, '') : s;
    if (t.exact) return s === t.want || bare === t.want ? 2 : 0;
    const l = low(s);
    if (l === t.wantLow || low(bare) === t.wantLow) return 2;
    return includesText(l, t.wantLow) ? 1 : 0;
  }

  // A short text ("GET", "404", "ok") is a word or a number of its own: it
  // matches on word boundaries, never inside a longer word ("target",
  // "4040"). Longer texts match anywhere.
  // Word characters of the scripts that separate words with spaces: a
  // short Chinese or Japanese text sits inside a run of characters.
  const SHORT = 4;
  // "_" is no word character here: a quoted text ending in it is a prefix
  // ("vch_" of a key "vch_0SX…"), as one ending in "-" or ":" is.
  const WORD = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;
  const DIGIT = /\p{N}/u;
  function includesText(hay, want) {
    if (!want) return true;
    if (want.length > SHORT) return hay.includes(want) || jsonPairIn(hay, want);
    return indexOfText(hay, want, 0) >= 0 || jsonPairIn(hay, want);
  }
  // jsonPairIn finds a JSON pair ('"done": true') printed the other way:
  // compact ('"done":true') or spaced. Both are the same field and value.
  const JSON_PAIR = /^("[^"]*"):\s*(\S.*)$/;
  function jsonPairIn(hay, want) {
    const m = JSON_PAIR.exec(want);
    if (!m) return false;
    const compact = m[1] + ':' + m[2], spaced = m[1] + ': ' + m[2];
    for (const w of [compact, spaced]) {
      if (w !== want && (w.length > SHORT ? hay.includes(w) : indexOfText(hay, w, 0) >= 0)) return true;
    }
    return false;
  }
  function indexOfText(hay, want, from) {
    if (want.length > SHORT) return hay.indexOf(want, from);
    const edgeA = WORD.test(want[0]), edgeB = WORD.test(want[want.length - 1]);
    for (let i = hay.indexOf(want, from); i >= 0; i = hay.indexOf(want, i + 1)) {
      const a = i > 0 ? hay[i - 1] : '', b = hay[i + want.length] || '';
      if (edgeA && a && WORD.test(a)) continue;
      if (edgeB && b && WORD.test(b)) continue;
      // nor inside a longer number: "$2" of "$2.50", "75" of "0.75"
      if (DIGIT.test(want[want.length - 1]) && (b === '.' || b === ',') && DIGIT.test(hay[i + want.length + 1] || '')) continue;
      if (DIGIT.test(want[0]) && (a === '.' || a === ',') && DIGIT.test(i > 1 ? hay[i - 2] : '')) continue;
      return i;
    }
    return -1;
  }

  // candidates returns [{el, score}] for the target, in document order.
  function candidates(t) {
    const out = [];
    const els = allElements();
    switch (t.kind) {
      case 'css': {
        let found;
        try { found = document.querySelectorAll(t.value); } catch (e) { throw new Error('bad CSS selector ' + quote(t.value) + ': ' + e.message); }
        for (const el of found) out.push({ el, score: 2 });
        break;
      }
      case 'testid':
        for (const el of els) if (el.getAttribute('data-testid') === t.value) out.push({ el, score: 2 });
        break;
      case 'placeholder':
        for (const el of els) {
          if (!el.hasAttribute('placeholder')) continue;
          const s = score(el.getAttribute('placeholder'), t);
          if (s) out.push({ el, score: s });
        }
        break;
      case 'alt':
        for (const el of els) {
          if (!el.hasAttribute('alt')) continue;
          const s = score(el.getAttribute('alt'), t);
          if (s) out.push({ el, score: s });
        }
        // "the 'Settings Menu' icon": an icon drawn by CSS has no alt text,
        // only the title of the control it is.
        titled(out, els, t);
        break;
      case 'label':
        for (const el of els) {
          const lt = (el.labels && el.labels.length) || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
          if (!lt) continue;
          let best = 0;
          for (const x of labelTexts(el)) {
            let s = score(x, t);
            // A part of a label names only a field, and only as whole
            // words: "bookId" is not the button labelled "Try bookId
            // lookup", nor "ook" the field "Book title".
            if (s === 1 && !(labelledField(el) && wordIn(low(norm(x)), t.wantLow))) s = 0;
            best = Math.max(best, s);
          }
          if (best) out.push({ el, score: best });
        }
        // A field with no label is named by its placeholder or title (the
        // accessible name's last fallbacks): a person calls the box whose
        // placeholder reads "Filter" the Filter box. Whole texts only, and
        // only when no label matches whole.
        if (!out.some((x) => x.score === 2)) {
          for (const el of els) {
            if (!editable(el) || (el.labels && el.labels.length) || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) continue;
            for (const a of ['placeholder', 'title']) {
              if (el.hasAttribute(a) && score(el.getAttribute(a), t) === 2) { out.push({ el, score: 2 }); break; }
            }
          }
        }
        // Nor a label: a field with no label is named by the text just
        // before it, as a person reads "Show [All ▾]" (Transmission's
        // filter bar). The whole text between it and the previous field,
        // and only when nothing else matches whole.
        if (!out.some((x) => x.score === 2)) {
          for (const el of els) {
            if (!FIELD_TAGS.has(el.tagName) || (el.tagName === 'INPUT' && ['hidden', 'button', 'submit', 'reset', 'image'].includes((el.type || '').toLowerCase()))) continue;
            // A label with no text of its own (Swagger UI's <label> around
            // its servers <select>) names nothing: the text before does.
            if (labelTexts(el).length) continue;
            // "Encryption mode:" names the field "Encryption mode".
            const before = textBefore(el);
            if (before && (score(before, t) === 2 || score(before.replace(/\s*:$/, ''), t) === 2)) out.push({ el, score: 2 });
          }
        }
        break;
      case 'text': {
        // The deepest elements whose text matches: a match none of whose
        // child elements matches too.
        const m = new Map();
        for (const el of els) {
          if (SKIP.has(el.tagName) || el.closest('head')) continue;
          let txt = contentText(el);
          if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes((el.type || '').toLowerCase())) txt = el.value;
          const s = score(txt, t);
          if (!s) continue;
          // Substring-only: a whole-text match inside wins over the container.
          m.set(el, s);
        }
        for (const [el, s] of m) {
          let deeper = false;
          for (const c of (el.shadowRoot ? el.shadowRoot.children : el.children)) {
            if (m.has(c)) { deeper = true; break; }
          }
          if (!deeper) out.push({ el, score: s });
        }
        titled(out, els, t);
        // An action's text is the control's whole text too: "clicking
        // 'Delete'" does not click "Delete all" (see wholeName).
        if (args.wholeText) return out.filter((x) => x.score === 2 || wholeText(x.el, t));
        break;
      }
      case 'role': {
        for (const el of els) {
          // A switch is a checkbox to a person: "the 'Sync' checkbox is
          // off" of a role=switch toggle.
          const r = roleOf(el);
          if (r !== t.value && !(t.value === 'checkbox' && r === 'switch')) continue;
          if (ariaHidden(el)) continue;
          if (t.level && headingLevel(el) !== t.level) continue;
          let s = 2;
          if (t.name) s = score(accName(el, t.value), t);
          if (s) out.push({ el, score: s });
        }
        if (t.value === 'button' && t.name && !t.level) titled(out, els, t);
        // A link drawn as a button ("Get started", "Sign up") is a button
        // to a person: with no button of that name, a link of that name.
        if (t.value === 'button' && t.name && !t.level && !out.length) {
          for (const el of els) {
            if (roleOf(el) !== 'link' || ariaHidden(el)) continue;
            const s = score(accName(el, 'link'), t);
            if (s) out.push({ el, score: s });
          }
        }
        // A row a person names by its text need not be a table row: an
        // API operation's summary line, a line of a list built from divs.
        // With no row of that name, the element showing the whole text
        // stands for its row (hovering or clicking it acts on the row).
        if (t.value === 'row' && t.name && !out.length) {
          for (const x of candidates({ kind: 'text', want: t.want, wantLow: t.wantLow, exact: t.exact })) {
            if (x.score === 2) out.push(x);
          }
        }
        if (t.value === 'dialog' && !t.level) overlays(out, els, t);
        if (t.value === 'menuitem' && t.name && !t.level) popupItems(out, t);
        if (t.value === 'tabpanel' && t.name && !t.level) tabPanels(out, els, t);
        if ((args.whole || args.wholeText) && t.name && WHOLE_ROLES.has(t.value)) return out.filter((x) => x.score === 2 || wholeName(x.el, t));
        break;
      }
      default:
        throw new Error('unknown target kind ' + t.kind);
    }
    return out;
  }

  // isRegion: el marks the part of the page: by its role when it has
  // one, else by its tag.
  function isRegion(el, part) {
    const [tag, role] = REGIONS[part];
    const r = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (r) return r === role || (REGION_ROLES[part] || []).includes(r);
    if (el.tagName !== tag) return false;
    if ((tag === 'HEADER' || tag === 'FOOTER') && el.parentElement && el.parentElement.closest(SECTIONING)) return false;
    return true;
  }

  // inRegion: el is inside (or is) an element of the part, across open
  // shadow roots.
  function inRegion(el, part) {
    for (let a = el; a; a = a.parentElement || (a.getRootNode && a.getRootNode().host) || null) {
      if (a.nodeType === 1 && isRegion(a, part)) return true;
    }
    return false;
  }

  // regionMissing: the target is pinned in a part of the page and the page
  // has no element of that part (document and open shadow roots).
  function regionMissing(t) {
    if (!t || !t.in) return false;
    if (!REGIONS[t.in]) throw new Error('unknown part of the page in=' + t.in);
    const [tag, role] = REGIONS[t.in];
    const sel = [tag.toLowerCase()].concat([role].concat(REGION_ROLES[t.in] || []).map((x) => '[role~="' + x + '"]')).join(', ');
    if (Array.from(document.querySelectorAll(sel)).some((el) => isRegion(el, t.in))) return false;
    return !allElements().some((el) => el.shadowRoot && Array.from(el.shadowRoot.querySelectorAll(sel)).some((x) => isRegion(x, t.in)));
  }

  // The sections under= keeps a target inside (plan.Target.Under): a
  // heading whose whole text is the under text (case-insensitive, a
  // trailing colon aside), and what follows it up to the next heading of
  // its level or higher, inside the heading's sectioning element (a
  // <legend> or <summary> names its <fieldset> or <details>). Memoised
  // per evaluation.
  let sectionsMemo = null;
  function sectionsUnder(text) {
    if (sectionsMemo && sectionsMemo.text === text) return sectionsMemo.list;
    const want = low(norm(text)).replace(/:$/, '');
    const all = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"], legend, summary'));
    const heads = all.filter((h) => h.getAttribute('role') === 'heading' || /^H[1-6]$/.test(h.tagName));
    const list = [];
    for (const h of all) {
      if (low(contentText(h)).replace(/:$/, '').trim() !== want) continue;
      if (h.tagName === 'LEGEND' || h.tagName === 'SUMMARY') {
        const box = h.parentElement;
        if (box && (box.tagName === 'FIELDSET' || box.tagName === 'DETAILS')) list.push({ head: h, box, end: null });
        continue;
      }
      const level = headingLevel(h) || 2;
      const i = heads.indexOf(h);
      let end = null;
      for (let j = i + 1; j < heads.length; j++) {
        if (!h.contains(heads[j]) && (headingLevel(heads[j]) || 2) <= level) { end = heads[j]; break; }
      }
      const box = (h.parentElement && h.parentElement.closest(SECTIONING + ', dialog, [role~="dialog"], [role~="tabpanel"], details, fieldset')) || document.body;
      list.push({ head: h, box, end });
    }
    sectionsMemo = { text, list };
    return list;
  }

  // inSection: el is in a section under a heading with the text.
  function inSection(el, text) {
    return sectionsUnder(text).some((s) => {
      if (s.head.contains(el) || !s.box.contains(el)) return false;
      if (!s.end) return s.head.tagName === 'LEGEND' || s.head.tagName === 'SUMMARY' || !!(s.head.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      return !!(s.head.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) &&
        !!(el.compareDocumentPosition(s.end) & Node.DOCUMENT_POSITION_FOLLOWING) && !el.contains(s.end);
    });
  }

  // The values beside= keeps a target inside (plan.Target.Beside). A label
  // is a visible element whose whole text is the beside text
  // (case-insensitive, a trailing colon aside), taken with its ancestors
  // that show nothing else (an icon or a space aside): the span in a th is
  // the th. Its value is the later td cells of its table row (a header
  // row pairs nothing: which row is meant is unknown), the dd elements
  // after a dt, or else the next element after it that shows text when
  // the label ends with a colon or the two are all their parent shows; an
  // element whose text starts "Label:" and goes on holds its own value.
  // A label shown twice pairs nothing either (the diagnosis says how many).
  // Memoised per evaluation.
  const CELL = new Set(['TD', 'TH']);
  const FIELD = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
  let besideMemo = null;
  function besidePairs(text) {
    if (besideMemo && besideMemo.text === text) return besideMemo;
    const want = low(norm(text)).replace(/\s*:$/, '');
    let labels = [];
    const values = [], inline = [];
    const bare = (el) => low(contentText(el)).replace(/\s*:$/, '');
    for (const el of document.body ? document.body.querySelectorAll('*') : []) {
      if (SKIP.has(el.tagName)) continue;
      const own = low(contentText(el));
      if (!own.startsWith(want) || !visible(el)) continue;
      if (bare(el) === want) {
        if (Array.from(el.children).some((c) => bare(c) === want)) continue;
        let a = el;
        while (a.parentElement && a.parentElement !== document.body && bare(a.parentElement) === want) a = a.parentElement;
        if (!labels.includes(a)) labels.push(a);
        continue;
      }
      // "Label: value" in one element, its smallest holder.
      const goesOn = (x) => x.startsWith(want + ':') && x.length > want.length + 1;
      if (goesOn(own) && !Array.from(el.children).some((c) => goesOn(low(contentText(c))))) inline.push(el);
    }
    // A label inside a "Label: value" holder ("<b>Version:</b> 5.4.1") is
    // that holder's.
    labels = labels.filter((a) => !inline.some((h) => h.contains(a)));
    for (const h of inline) values.push([h]);
    for (const a of labels) {
      const vs = [];
      if (CELL.has(a.tagName) || a.getAttribute('role') === 'rowheader' || a.getAttribute('role') === 'cell') {
        for (let n = a.nextElementSibling; n; n = n.nextElementSibling) if (n.tagName === 'TD' || n.getAttribute('role') === 'cell' || n.getAttribute('role') === 'gridcell') vs.push(n);
      } else if (a.tagName === 'DT') {
        for (let n = a.nextElementSibling; n && n.tagName !== 'DT'; n = n.nextElementSibling) if (n.tagName === 'DD') vs.push(n);
      } else if (a.tagName !== 'LABEL' && a.parentElement) {
        // The element after it, when the label ends with a colon or the
        // two are all their parent shows: a name with a status drawn
        // before it in the markup (a floated badge) pairs nothing. A
        // field after a label is a control's value, not a text: nothing.
        const shown = Array.from(a.parentElement.children).filter((n) => visible(n) && (contentText(n) || FIELD.has(n.tagName)));
        const i = shown.indexOf(a), n = shown[i + 1];
        if (n && !FIELD.has(n.tagName) && !n.querySelector('input, select, textarea') &&
          (/:\s*$/.test(contentText(a)) || (shown.length === 2 && i === 0))) vs.push(n);
      }
      values.push(vs);
    }
    const owners = inline.concat(labels);
    const pairs = values.map((vs, i) => ({ label: owners[i], vs })).filter((p) => p.vs.length);
    besideMemo = { text, labels: owners.length, pairs };
    return besideMemo;
  }

  // scopedPairs are the label's pairs whose label lies where the target's
  // other modifiers keep it (in a part, under a heading, inside an item):
  // "Uploaded" of the "Current Session" section is not the total's.
  function scopedPairs(t) {
    return besidePairs(t.beside).pairs.filter((p) => (!t.in || inRegion(p.label, t.in)) &&
      (!t.under || inSection(p.label, t.under)) && (!t.within || itemOf(p.label, t).score > 0));
  }

  // besideMissing says why a target kept beside a label holds nothing:
  // no_label when the page shows no such label, unpaired when it pairs no
  // value with it, or shows it with several values of which some hold the
  // target and some do not (which one the claim means is unknown; when all
  // or none do, any reading decides the same); null otherwise.
  function besideMissing(t) {
    if (!t || !t.beside) return null;
    if (!besidePairs(t.beside).labels) return { no_label: t.beside };
    const pairs = scopedPairs(t);
    if (!pairs.length) return { unpaired: t.beside, labels: 1 };
    if (pairs.length > 1) {
      const els = resolve(Object.assign({}, t, { beside: '', nth: 0 })).visible;
      const holding = pairs.filter((p) => p.vs.some((v) => els.some((e) => v === e || v.contains(e)))).length;
      if (holding > 0 && holding < pairs.length) return { unpaired: t.beside, labels: pairs.length };
    }
    return null;
  }

  // inBeside: el is inside the value paired with the label.
  function inBeside(el, t) {
    return scopedPairs(t).some((p) => p.vs.some((v) => v === el || v.contains(el)));
  }

  // headingMissing: the target is kept under a heading the page does not
  // show.
  function headingMissing(t) {
    return !!(t && t.under) && !sectionsUnder(t.under).some((s) => visible(s.head));
  }

  function explicitItem(el) {
    if (el.tagName === 'LI' || el.tagName === 'TR' || el.tagName === 'ARTICLE') return true;
    return ITEM_ROLES.has((el.getAttribute('role') || '').trim());
  }

  // A container within= also scopes to, though it is not repeated: a
  // dialog or tab panel holding the text.
  function explicitScope(el) {
    if (el.tagName === 'DIALOG') return true;
    const r = (el.getAttribute('role') || '').trim();
    return r === 'dialog' || r === 'alertdialog' || r === 'tabpanel';
  }

  // A card: an element beside a sibling of the same tag and class (or two,
  // when it has no class).
  function cardItem(el) {
    const p = el.parentElement;
    if (!p) return false;
    const cls = el.getAttribute('class') || '';
    let same = 0;
    for (const s of p.children) if (s !== el && s.tagName === el.tagName && (s.getAttribute('class') || '') === cls) same++;
    return cls ? same >= 1 : same >= 2;
  }

  // itemText is an item's text plus the values of its text fields (an item
  // being edited in place shows its text in an input).
  function itemText(el) {
    let s = contentText(el);
    for (const f of el.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]),textarea')) s += ' ' + f.value;
    return norm(s);
  }

  // itemOf finds el's item for within: the nearest item (el itself or an
  // ancestor) whose text contains the within text. Its score is 2 when some
  // element of the item has exactly that text, 1 when the item only
  // contains it, 0 when no item does. A list item or row that does not
  // contain the text ends the search: the text belongs to another item.
  function itemOf(el, t) {
    for (let a = el; a && a !== document.body && a !== document.documentElement;
      a = a.parentElement || (a.getRootNode && a.getRootNode().host) || null) {
      const exp = explicitItem(a) || explicitScope(a);
      if (!exp && !cardItem(a)) continue;
      const txt = low(itemText(a));
      if (includesText(txt, t.withinLow)) {
        let score = 1;
        if (txt === t.withinLow) score = 2;
        else for (const d of a.querySelectorAll('*')) {
          if (low(contentText(d)) === t.withinLow || ((d.tagName === 'INPUT' || d.tagName === 'TEXTAREA') && low(norm(d.value)) === t.withinLow)) { score = 2; break; }
        }
        return { score, item: a };
      }
      if (exp) return { score: 0, item: null };
    }
    return { score: 0, item: null };
  }

  // revealHost is the nearest visible item (list item, row, card) around a
  // hidden element, or null.
  function revealHost(el) {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if ((explicitItem(a) || cardItem(a)) && visible(a)) return a;
    }
    return null;
  }

  // A reach step's target is the plan's guess of the control that opens a
  // place, named for the place ("Preferences"). A control that says it
  // opens it names it after a verb ("Edit Preferences…", "Open Settings",
  // "Show Statistics"): with no whole match of the name itself, the whole
  // matches of those names are the candidates. Only these verbs: "Reset
  // Preferences" does not open them.
  // A menu named for its control ("the account menu") may be opened by a
  // control with the name alone ("Account"): tried last, and only when
  // nothing holds the name even in part ("Open account menu" is better).
  const OPENER_VERBS = ['Edit', 'Open', 'Show', 'View', 'Manage'];
  const MENU_WORD = /\s+menu$/i;
  function openerVariants(t, c) {
    const names = OPENER_VERBS.map((v) => v + ' ' + t.want);
    if (!c.length && MENU_WORD.test(t.want) && t.want.replace(MENU_WORD, '')) names.push(t.want.replace(MENU_WORD, ''));
    for (const want of names) {
      const u = Object.assign({}, t, { want, wantLow: low(want) });
      const more = candidates(u).filter((x) => x.score === 2);
      if (more.length) return more;
    }
    return c;
  }

  // resolve applies the matching rule: exact (whole-text) matches if there are
  // any, otherwise the partial ones; visible matches first, then document order.
  // within keeps the matches inside an item containing its text (preferring
  // items with an exact match), and nth then picks one of the matches.
  function resolve(t) {
    let c = candidates(t);
    if (args.opener && !t.within && !t.nth && t.want && !c.some((x) => x.score === 2)) c = openerVariants(t, c);
    // A reach step's target looked for in a menu the runner opened (see
    // reach_menus.go): only what that press revealed counts.
    if (args.popup) c = c.filter((x) => inPopup(x.el) || inControlled(x.el));
    // in keeps the matches inside the part of the page.
    if (t.in) c = c.filter((x) => inRegion(x.el, t.in));
    if (t.under) c = c.filter((x) => inSection(x.el, t.under));
    if (t.beside) c = c.filter((x) => inBeside(x.el, t));
    if (t.within) {
      c = c.map((x) => { const it = itemOf(x.el, t); return { el: x.el, score: Math.min(x.score, it.score), item: it.item }; })
        .filter((x) => x.score > 0);
      // The smallest item wins: drop matches whose item holds another
      // match's item (an outer list item holding a nested one).
      c = c.filter((x) => !c.some((y) => y.item !== x.item && x.item.contains(y.item)));
    }
    // A count compared with a remembered one (args.every) counts whole
    // and partial matches alike: preferring whole matches would switch
    // rules between the two counts ("buy milk" counted before an add, the
    // new "Milk" alone after).
    if (!args.every && c.some((x) => x.score === 2)) c = c.filter((x) => x.score === 2);
    let els = c.map((x) => x.el);
    let vis = els.filter(visible);
    // A remembered count is of what a person sees: a match drawn fully
    // transparent (a tooltip or menu that fades in on hover) or placed
    // wholly off the page's left or top edge (a skip link) is none, so the
    // hover or focus that draws it adds one.
    if (args.every) vis = vis.filter(drawn);
    if (t.nth) {
      const pool = vis.length ? vis : els;
      const pick = t.nth < 0 ? pool[pool.length - 1] : pool[t.nth - 1];
      const r = { all: pick ? [pick] : [], visible: pick && visible(pick) ? [pick] : [], first: pick || null, pool: pool.length };
      return r;
    }
    return { all: els, visible: vis, first: vis[0] || els[0] || null };
  }

  function describeEl(el) {
    const role = roleOf(el);
    let name = role ? accName(el, role) : '';
    let what = role || el.tagName.toLowerCase();
    if (!role && el.tagName === 'LABEL') what = 'label';
    if (!name) name = contentText(el);
    if (name.length > 80) name = name.slice(0, 77) + '...';
    let s = what + (name ? ' ' + quote(name) : '');
    const tid = el.getAttribute('data-testid');
    if (tid) s += ' [data-testid=' + quote(tid) + ']';
    return s;
  }

  function stateOf(el) {
    if (!el) return { found: false };
    return {
      found: true, visible: visible(el), enabled: enabled(el), editable: editable(el),
      element: describeEl(el), tag: el.tagName.toLowerCase(),
    };
  }

  function similarity(a, b) {
    a = low(norm(a)); b = low(norm(b));
    if (!a || !b) return 0;
    if (a === b) return 1;
    if (a.includes(b) || b.includes(a)) return 0.8;
    const wa = new Set(a.split(' ')), wb = new Set(b.split(' '));
    let both = 0;
    for (const w of wa) if (wb.has(w)) both++;
    const jac = both / (wa.size + wb.size - both);
    let lev = 0;
    if (a.length <= 60 && b.length <= 60) {
      const prev = new Array(b.length + 1).fill(0).map((_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        let diag = prev[0]; prev[0] = i;
        for (let j = 1; j <= b.length; j++) {
          const tmp = prev[j];
          prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
          diag = tmp;
        }
      }
      lev = 1 - prev[b.length] / Math.max(a.length, b.length);
    }
    return Math.max(jac, lev);
  }

  // closest lists up to five visible things on the page that resemble the
  // target, for the repair prompt.
  function closest(t) {
    const want = t.kind === 'role' ? (t.name || '') : t.value;
    const scored = [];
    const seen = new Set();
    const add = (desc, s) => { if (!seen.has(desc)) { seen.add(desc); scored.push({ desc, s }); } };
    const els = allElements();
    for (const el of els) {
      if (SKIP.has(el.tagName) || !visible(el)) continue;
      const role = roleOf(el);
      switch (t.kind) {
        case 'role': {
          if (!INTERESTING.has(role) || ariaHidden(el)) break;
          const name = accName(el, role);
          let s = want ? similarity(name, want) : 0;
          if (role === t.value) s += want ? 0.3 : 0.5;
          if (s >= 0.35) add(describeEl(el), s);
          break;
        }
        case 'label': {
          const texts = labelTexts(el);
          for (const x of texts) { const s = similarity(x, want); if (s >= 0.3) add(role + ' labelled ' + quote(x), s); }
          if (el.tagName === 'LABEL' && !el.control) { const s = similarity(contentText(el), want); if (s >= 0.3) add('label ' + quote(contentText(el)) + ' (not linked to a field)', s); }
          break;
        }
        case 'placeholder': case 'alt': {
          const v = el.getAttribute(t.kind);
          if (v != null) { const s = similarity(v, want) + 0.2; add(el.tagName.toLowerCase() + ' with ' + t.kind + ' ' + quote(v), s); }
          break;
        }
        case 'testid': {
          const v = el.getAttribute('data-testid');
          if (v != null) add(describeEl(el), similarity(v, want) + 0.1);
          break;
        }
        case 'text': {
          const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.data.trim());
          if (!own && !INTERESTING.has(role)) break;
          const txt = contentText(el);
          if (!txt || txt.length > 200) break;
          const s = similarity(txt, want);
          if (s >= 0.35) add(describeEl(el), s);
          break;
        }
      }
    }
    scored.sort((a, b) => b.s - a.s);
    return scored.slice(0, 5).map((x) => x.desc);
  }

  function diagnose(t, r) {
    const d = { matches: r.all.length, visible: r.visible.length };
    if (t.nth) d.pool = r.pool;
    if (t.in && !r.all.length) d.outside = resolve(Object.assign({}, t, { in: '' })).all.length;
    if (t.under && !r.all.length) d.outside_under = resolve(Object.assign({}, t, { under: '' })).all.length;
    if (t.beside && !r.all.length) {
      d.outside_beside = resolve(Object.assign({}, t, { beside: '' })).all.length;
      d.beside_value = quote(scopedPairs(t).map((p) => p.vs.map((v) => contentText(v)).join(' ')).join(' / ').slice(0, 80));
    }
    if (t.within && !r.all.length) {
      d.within_found = low(norm(document.body ? document.body.innerText : '')).includes(t.withinLow);
      if (d.within_found) {
        const u = Object.assign({}, t, { within: '', nth: 0 });
        d.unscoped = candidates(u).length;
      }
    }
    if (r.first) d.state = stateOf(r.first);
    const hidden = r.all.filter((e) => !visible(e)).slice(0, 3).map((e) => describeEl(e) + ' (hidden)');
    d.closest = hidden.concat(r.visible.length ? [] : closest(t)).slice(0, 5);
    return d;
  }

  function pageText(t) {
    if (t) {
      const r = resolve(t);
      const el = r.first;
      if (!el) return null;
      if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return norm(el.value);
      return norm(el.innerText);
    }
    return norm(document.body ? document.body.innerText : '');
  }

  // gapText is an element's text with a space where an element is set
  // apart from its neighbours by a margin or padding, as a person reads
  // it; innerText prints none there ("TiddlyWiki version<span
  // class=gap>5.4.1</span>" reads "version5.4.1"). Elements with no gap
  // of their own stay run together ("Total<b>12</b>" is "Total12").
  function gapText(root) {
    const parts = [];
    const walk = (el) => {
      for (const n of (el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes)) {
        if (n.nodeType === 3) { parts.push(n.data); continue; }
        if (n.nodeType !== 1 || SKIP.has(n.tagName)) continue;
        if (!n.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })) continue;
        const cs = getComputedStyle(n);
        const block = BLOCK.has(n.tagName) || !/^(inline|contents)$/.test(cs.display);
        const apart = (a, b) => block || parseFloat(a) > 0 || parseFloat(b) > 0;
        if (apart(cs.marginLeft, cs.paddingLeft)) parts.push(' ');
        if (n.tagName === 'IMG') parts.push(n.getAttribute('alt') || '');
        else if (n.tagName === 'INPUT' || n.tagName === 'SELECT' || n.tagName === 'TEXTAREA') parts.push(' ');
        else walk(n);
        if (apart(cs.marginRight, cs.paddingRight)) parts.push(' ');
      }
    };
    walk(root);
    return norm(parts.join(''));
  }

  function closestText(want) {
    const lines = (document.body ? document.body.innerText : '').split('\n').map(norm).filter(Boolean);
    const scored = [];
    for (const l of new Set(lines)) {
      const s = similarity(l.length > 200 ? l.slice(0, 200) : l, want);
      if (s >= 0.3) scored.push({ l: l.length > 120 ? l.slice(0, 117) + '...' : l, s });
    }
    scored.sort((a, b) => b.s - a.s);
    return scored.slice(0, 3).map((x) => quote(x.l));
  }

  const t = args.target ? Object.assign({}, args.target) : null;
  if (t) {
    const w = t.kind === 'role' ? (t.name || '') : t.value;
    t.want = t.exact ? norm(w) : norm(w);
    t.wantLow = low(t.want);
    t.withinLow = low(norm(t.within || ''));
  }

  // The state checks of the assertions about one element.
  function checkedOf(el) {
    if (el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
    const a = el.getAttribute('aria-checked') || el.getAttribute('aria-pressed') || el.getAttribute('aria-selected');
    return a === 'true' ? true : a === 'false' ? false : markedOf(el);
  }
  // markedOf reads the chosen item of a menu that says it without ARIA,
  // by a mark (a bullet or check icon) the chosen item of a group bears
  // and the group's other items lack, as jQuery UI menus mark a radio
  // group's item: true when the shown item bears the mark, false when it
  // does not and an item beside it does, null otherwise (no such menu).
  const MARK_CLASS = /^(?:[\w]+[-_])*(?:bullet|check|checkmark|checked|tick)$/i;
  function ownMark(item) {
    for (const d of item.querySelectorAll('[class]')) {
      // a mark inside a nested menu is that menu's item's
      let inner = false;
      for (let p = d.parentElement; p && p !== item; p = p.parentElement) {
        if (p.tagName === 'UL' || p.tagName === 'OL' || (p.getAttribute('role') || '') === 'menu') { inner = true; break; }
      }
      if (inner) continue;
      if (Array.from(d.classList).some((c) => MARK_CLASS.test(c)) && getComputedStyle(d).display !== 'none') return true;
    }
    return false;
  }
  function markedOf(el) {
    const role = roleOf(el);
    if (role !== 'menuitem' && role !== 'menuitemradio' && role !== 'menuitemcheckbox') return null;
    if (!visible(el) || !el.parentElement) return null;
    if (ownMark(el)) return true;
    const group = el.getAttribute('radio-group');
    for (const s of el.parentElement.children) {
      if (s === el || roleOf(s) !== role) continue;
      if (group !== null && s.getAttribute('radio-group') !== group) continue;
      if (ownMark(s)) return false;
    }
    return null;
  }
  function valueOf(el) {
    if (el.tagName === 'SELECT') return el.selectedOptions.length ? norm(el.selectedOptions[0].label) : '';
    if ('value' in el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA')) return el.value;
    if (el.isContentEditable) return norm(el.innerText);
    return null;
  }
  // optionsOf returns a drop-down's option labels in order, or null when
  // the element is none: a <select> (option groups flattened), a listbox,
  // or a combobox whose listbox it holds, owns or controls.
  function optionsOf(el) {
    // an option hidden from the list (a "Choose…" placeholder) is none a person sees
    if (el.tagName === 'SELECT') return Array.from(el.options).filter((o) => !o.hidden).map((o) => norm(o.label));
    const role = (el.getAttribute('role') || '').trim();
    let box = role === 'listbox' ? el : null;
    if (!box && role === 'combobox') {
      for (const a of ['aria-controls', 'aria-owns']) {
        for (const id of (el.getAttribute(a) || '').split(/\s+/).filter(Boolean)) {
          const x = el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : document.getElementById(id);
          if (x && !box) box = (x.getAttribute('role') || '').trim() === 'listbox' ? x : x.querySelector('[role="listbox"]');
        }
      }
      if (!box) box = el.querySelector('[role="listbox"]');
    }
    if (!box) return null;
    const opts = Array.from(box.querySelectorAll('[role="option"]'));
    for (const id of (box.getAttribute('aria-owns') || '').split(/\s+/).filter(Boolean)) {
      const x = document.getElementById(id);
      if (x && (x.getAttribute('role') || '').trim() === 'option' && !opts.includes(x)) opts.push(x);
    }
    return opts.map((o) => norm(o.getAttribute('aria-label') || o.textContent));
  }
  function optionsMatch(got) {
    const want = (args.texts || []).map((x) => low(norm(x)));
    const have = got.map(low);
    if (args.cmp === 'count') return got.length === args.want;
    if (args.cmp === 'includes') return want.every((w) => have.includes(w));
    return have.length === want.length && want.every((w, i) => have[i] === w);
  }
  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  // Colours: the browser parses the expected value on a detached canvas (no
  // page mutation) and both sides are compared as [r, g, b, a].
  let canvasCtx = null;
  function parseColor(v) {
    if (!canvasCtx) canvasCtx = document.createElement('canvas').getContext('2d');
    const c = canvasCtx;
    c.fillStyle = '#000'; c.fillStyle = v; const a = c.fillStyle;
    c.fillStyle = '#fff'; c.fillStyle = v; const b = c.fillStyle;
    if (a !== b) return null;
    let m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(a);
    if (m) return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16), 1];
    m = /^rgba?\(([^)]*)\)$/.exec(a);
    if (m) { const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
    return null;
  }
  const rgbText = (c) => c[3] < 1 ? 'rgba(' + c.slice(0, 3).map(Math.round).join(', ') + ', ' + +c[3].toFixed(2) + ')' : 'rgb(' + c.slice(0, 3).map(Math.round).join(', ') + ')';
  const sameColor = (x, y) => x && y && Math.abs(x[0] - y[0]) <= 1 && Math.abs(x[1] - y[1]) <= 1 && Math.abs(x[2] - y[2]) <= 1 && Math.abs(x[3] - y[3]) <= 0.01;
  function luminance(c) {
    const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  }
  // colorFamilies names the colour families c belongs to, by its hue,
  // saturation and lightness (HSL); ranges overlap by about ten degrees so
  // that a colour on a border is either. A colour mostly transparent is
  // none.
  function colorFamilies(c) {
    if (c[3] < 0.5) return [];
    const r = c[0] / 255, g = c[1] / 255, b = c[2] / 255;
    const mx = Math.max(r, g, b), mn = Math.min(r, g, b), d = mx - mn, l = (mx + mn) / 2;
    const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
    let h = 0;
    if (d) h = mx === r ? 60 * (((g - b) / d) % 6) : mx === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
    if (h < 0) h += 360;
    const out = [];
    if (l <= 0.2 && (s < 0.25 || l <= 0.12)) out.push('black');
    if (l >= 0.85 && (s < 0.25 || l >= 0.94)) out.push('white');
    if (s < 0.25 && l > 0.12 && l < 0.94) out.push('grey');
    if (s >= 0.15 && l > 0.1 && l < 0.95) {
      const hue = [['red', 340, 20], ['orange', 10, 50], ['yellow', 40, 75], ['green', 65, 175], ['blue', 165, 265], ['purple', 255, 300], ['pink', 290, 350]];
      for (const [n, a, z] of hue) if (a < z ? h >= a && h <= z : h >= a || h <= z) out.push(n);
      if (l >= 0.7 && (h >= 340 || h <= 20)) out.push('pink');
    }
    return out;
  }

  // The background drawn behind el: its own, or the first ancestor's that is
  // not transparent, else the canvas's white.
  function effectiveBackground(el) {
    for (let a = el; a; a = a.parentElement) {
      const c = parseColor(getComputedStyle(a).backgroundColor);
      if (c && c[3] > 0) return c;
    }
    return [255, 255, 255, 1];
  }

  // styleCheck returns [ok, what the element has].
  function styleCheck(el, prop, want) {
    const cs = getComputedStyle(el);
    switch (prop) {
      case 'font-weight': {
        const w = parseInt(cs.fontWeight, 10);
        const has = 'font-weight is ' + w;
        if (want === 'bold') return [w >= 600, has];
        if (want === 'normal') return [w < 600, has];
        return [w === parseInt(want, 10), has];
      }
      case 'font-family': {
        // A generic family ("monospace", "serif", "sans-serif") is what
        // the letters are drawn in, whatever the font's name: monospaced
        // when "i" and "M" are as wide, serif or sans-serif when drawn
        // exactly as the browser's own font of that kind. A font drawn
        // like neither cannot be told, and blocks rather than fails.
        const g = low(norm(want));
        if (g !== 'monospace' && g !== 'serif' && g !== 'sans-serif') break;
        const ctx = document.createElement('canvas').getContext('2d');
        const width = (fam, txt) => { ctx.font = cs.fontStyle + ' ' + cs.fontWeight + ' 40px ' + fam; return ctx.measureText(txt).width; };
        const fam = cs.fontFamily;
        const has = 'font-family is ' + fam;
        const mono = Math.abs(width(fam, 'iiiiiiiiii') - width(fam, 'MMMMMMMMMM')) < 0.5;
        if (g === 'monospace') return [mono, has + (mono ? ' (monospaced)' : ' (not monospaced: "i" and "M" differ in width)')];
        if (mono) return [false, has + ' (monospaced)'];
        const probe = 'The quick brown fox jumps over the lazy dog 0123456789';
        const mine = width(fam, probe);
        const serif = Math.abs(mine - width('serif', probe)) < 0.5, sans = Math.abs(mine - width('sans-serif', probe)) < 0.5;
        if (serif === sans) throw new Error('expect_style cannot tell: ' + has + ', drawn like neither the browser\'s serif font nor its sans-serif font, so whether it is ' + g + ' is not known');
        return [serif === (g === 'serif'), has + ' (drawn as the browser\'s ' + (serif ? 'serif' : 'sans-serif') + ' font)'];
      }
      case 'text-decoration': case 'text-decoration-line': {
        // Decorations propagate to descendants: look at the ancestors too.
        const lines = new Set();
        for (let a = el; a; a = a.parentElement) {
          for (const l of getComputedStyle(a).textDecorationLine.split(/\s+/)) if (l && l !== 'none') lines.add(l);
        }
        const has = 'text-decoration-line is ' + (lines.size ? Array.from(lines).join(' ') : 'none');
        if (want === 'none') return [lines.size === 0, has];
        return [lines.has(want), has];
      }
    }
    if (prop.endsWith('color')) {
      let got;
      let name = prop;
      if (prop === 'control-color') {
        // The colour a person names for a control: its own background
        // where it is painted and stands out from what is behind it (a
        // filled button), else its text's (an outlined or text button).
        const own = parseColor(cs.backgroundColor);
        const behind = el.parentElement ? effectiveBackground(el.parentElement) : [255, 255, 255, 1];
        const filled = own && own[3] >= 0.5 && Math.abs(own[0] - behind[0]) + Math.abs(own[1] - behind[1]) + Math.abs(own[2] - behind[2]) > 24;
        got = filled ? own : parseColor(cs.color);
        name = filled ? 'its background (background-color)' : 'its text (color), the background not painted';
      } else if (prop === 'border-color') {
        // The border a person sees: the sides drawn (a style and a
        // width), which must share one colour; no side drawn is no border.
        const sides = ['top', 'right', 'bottom', 'left'].filter((d) => {
          const st = cs.getPropertyValue('border-' + d + '-style');
          return st !== 'none' && st !== 'hidden' && parseFloat(cs.getPropertyValue('border-' + d + '-width')) > 0;
        }).map((d) => cs.getPropertyValue('border-' + d + '-color'));
        if (!sides.length) return [false, 'it has no border (no side has a border style and width)'];
        if (new Set(sides).size > 1) return [false, 'its border sides differ in colour: ' + Array.from(new Set(sides)).join(', ')];
        got = parseColor(sides[0]);
      } else {
        got = prop === 'background-color' ? effectiveBackground(el) : parseColor(cs.getPropertyValue(prop));
      }
      if (prop === 'background-color' && (want === 'dark' || want === 'light')) {
        const l = luminance(got);
        const has = 'the background is ' + rgbText(got) + ' (' + (l < 0.18 ? 'dark' : 'light') + ')';
        return [want === 'dark' ? l < 0.18 : l >= 0.18, has];
      }
      if (want.startsWith('~')) {
        // A colour named without a shade: the families a person would
        // call it (overlapping near their borders).
        const fams = got ? colorFamilies(got) : [];
        return [fams.includes(want.slice(1)), name + ' is ' + (got ? rgbText(got) : cs.getPropertyValue(prop)) + ' (' + (fams.join(' or ') || 'no colour') + ')'];
      }
      const w = parseColor(want);
      if (!w) throw new Error('expect_style: ' + quote(want) + ' is not a colour the browser knows');
      return [sameColor(got, w), name + ' is ' + (got ? rgbText(got) : cs.getPropertyValue(prop)) + (w ? ', expected ' + rgbText(w) : '')];
    }
    const v = norm(cs.getPropertyValue(prop));
    if (prop === 'opacity') {
      // as drawn: an element is as opaque as its own opacity times that
      // of everything around it (a faded wrapper fades its contents)
      let o = 1;
      for (let a = el; a; a = a.parentElement) o *= parseFloat(getComputedStyle(a).opacity);
      o = Math.round(o * 1000) / 1000;
      const has = 'opacity is ' + o + (o !== parseFloat(v) ? ' (' + v + ' of its own, times that of the elements around it)' : '');
      return [Math.abs(o - parseFloat(want)) < 0.01, has];
    }
    return [low(v) === low(norm(want)), prop + ' is ' + v];
  }

  // orderCheck finds where each text first appears: in the page's text, or
  // in the target's visible matches (match index, then position inside it).
  function orderCheck() {
    const texts = args.texts.map((x) => low(norm(x)));
    let pos;
    if (t) {
      const r = resolve(t);
      const els = r.visible.length ? r.visible : r.all;
      if (!els.length && t.kind === 'role' && t.value === 'menuitem' && !t.name && !t.level && !t.within && !t.nth) {
        // A menu built without roles has no menu item to list; each text
        // is then the item of that whole name popupItems finds (as
        // role=menuitem[name="…" s] does), and their order is the order
        // of those elements in the page.
        const found = args.texts.map((x) => {
          const w = norm(x);
          const c = candidates({ kind: 'role', value: 'menuitem', name: x, exact: true, want: w, wantLow: low(w) })
            .filter((m) => m.score === 2 && visible(m.el));
          return c.length ? c[0].el : null;
        });
        pos = found.map((el) => {
          if (!el) return -1;
          let n = 0;
          for (const o of found) if (o && o !== el && (o.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) n++;
          return n;
        });
      } else {
        const txts = els.map((e) => low(contentText(e)));
        pos = texts.map((w) => { for (let i = 0; i < txts.length; i++) { const j = indexOfText(txts[i], w, 0); if (j >= 0) return i * 1e6 + j; } return -1; });
      }
    } else {
      const body = low(norm(document.body ? document.body.innerText : ''));
      pos = texts.map((w) => indexOfText(body, w, 0));
    }
    const missing = args.texts.filter((_, i) => pos[i] < 0);
    let ok = !missing.length;
    for (let i = 1; ok && i < pos.length; i++) if (pos[i] <= pos[i - 1]) ok = false;
    const order = args.texts.map((x, i) => [x, pos[i]]).filter((x) => x[1] >= 0).sort((a, b) => a[1] - b[1]).map((x) => x[0]);
    return [ok, { order, missing }];
  }

  // check runs one poll: [done, value].
  function check() {
    textMemo.clear();
    switch (args.op) {
      case 'element': {
        const r = resolve(t);
        const el = r.first;
        if (!el) return [false];
        const st = args.state;
        if (st === 'attached') return [true, el];
        // reveal: a hidden element inside a visible item is returned at
        // once, for the caller to hover the item (hover-only buttons).
        if (!visible(el)) return [!!args.reveal && revealHost(el) !== null, el];
        if (st === 'visible') return [true, el];
        if (!enabled(el)) return [false];
        if (st === 'editable' && !editable(el)) return [false];
        if (st === 'selectable' && el.tagName !== 'SELECT') return [false];
        return [true, el];
      }
      case 'count': {
        const r = resolve(t);
        let n = r.visible.length;
        // Right after a hover, the native tooltip it shows is one more
        // match of a text counted against a remembered count (the text op
        // reads it likewise).
        if (args.every && args.hover && t.kind === 'text' && !t.within && !t.nth && !t.in && !t.under && !t.beside) {
          const tip = hoverTitle(args.hover[0], args.hover[1]);
          if (tip !== '' && includesText(low(norm(tip)), low(norm(t.value)))) n++;
        }
        const ok = args.cmp === 'ge' ? n >= args.want : args.cmp === 'le' ? n <= args.want : n === args.want;
        return [ok, { count: n }];
      }
      case 'value': case 'checked': case 'enabled': case 'focused': case 'style': case 'options': {
        const r = resolve(t);
        const el = r.first;
        if (!el) return [false, { found: false }];
        // A field's value or tick said of a label several fields hold only
        // in part ("Max peers" of "Max peers per torrent:" and "Max peers
        // overall:") names none of them: the first would be a guess.
        if ((args.op === 'value' || args.op === 'checked' || args.op === 'options') && t.kind === 'label' && !t.nth && !t.within &&
            r.visible.length > 1 && !candidates(t).some((x) => x.score === 2)) {
          return [false, { found: true, ambiguous: r.visible.slice(0, 4).map(describeEl) }];
        }
        let got, ok;
        switch (args.op) {
          case 'value': got = valueOf(el); ok = got !== null && norm(got) === norm(args.text); break;
          case 'checked': got = checkedOf(el); ok = got === args.flag; break;
          case 'enabled': got = enabled(el); ok = got === args.flag; break;
          case 'focused': {
            // Any match holding the focus counts: "Tab focuses the 'Edit'
            // button" is true of the second of two "Edit" buttons too.
            const a = deepActive();
            got = a && a !== document.body ? describeEl(a) : '';
            ok = !!a && r.all.some((m) => a === m || m.contains(a) || (m.tagName === 'LABEL' && m.control === a));
            break;
          }
          case 'style': [ok, got] = styleCheck(el, args.prop, args.text); break;
          case 'options': got = optionsOf(el); ok = got !== null && optionsMatch(got); break;
        }
        return [ok, { found: true, got, element: describeEl(el) }];
      }
      case 'order': return orderCheck();
      case 'absent': {
        const r = resolve(t);
        return [r.visible.length === 0, { count: r.visible.length }];
      }
      case 'text': case 'notext': {
        const txt = pageText(t);
        if (txt == null) return [false, { found: false }];
        const want = norm(args.text);
        const tip = args.hover && !t ? hoverTitle(args.hover[0], args.hover[1]) : '';
        let has = includesText(low(txt), low(want)) || (tip !== '' && includesText(low(norm(tip)), low(want))) ||
          (!t && (args.dialogs || []).some((m) => includesText(low(norm(m)), low(want))));
        if (!has && want.includes(' ') && low(txt).replace(/\s+/g, '').includes(low(want).replace(/\s+/g, ''))) {
          // the words may be set apart by a margin, not a space; only a
          // page whose text holds them run together can (gapText adds
          // spaces only), so the styles are read only then
          const root = t ? resolve(t).first : document.body;
          if (root && root.tagName !== 'INPUT' && root.tagName !== 'TEXTAREA') has = includesText(low(gapText(root)), low(want));
        }
        return [args.op === 'text' ? has : !has, { found: true }];
      }
      case 'title': {
        const title = norm(document.title);
        return [title === norm(args.text), { title }];
      }
      case 'describe': {
        const r = resolve(t);
        return [true, { matches: r.all.length, visible: r.visible.length, state: stateOf(r.first) }];
      }
      case 'quiet':
        // Holds never: the call ends when the page has settled (args.settle)
        // or at the timeout. For checks decided outside the page.
        return [false];
    }
    throw new Error('unknown op ' + args.op);
  }

  // hoverTitle is the native tooltip of what the pointer rests on at
  // (x, y): the title of the element there or of its nearest ancestor with
  // one, as the browser shows it.
  function hoverTitle(x, y) {
    for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) {
      const tt = el.getAttribute && el.getAttribute('title');
      if (tt) return tt;
    }
    return '';
  }

  function failure() {
    textMemo.clear();
    switch (args.op) {
      case 'element': case 'count': case 'absent': return diagnose(t, resolve(t));
      case 'text': case 'notext': {
        const d = {};
        if (t) { const r = resolve(t); d.target = diagnose(t, r); d.text = pageText(t); if (d.text && d.text.length > 300) d.text = d.text.slice(0, 297) + '...'; }
        if (args.op === 'text') d.closest = closestText(args.text);
        else {
          const txt = pageText(t) || '';
          const i = indexOfText(low(txt), low(norm(args.text)), 0);
          if (i >= 0) d.context = txt.slice(Math.max(0, i - 40), i + norm(args.text).length + 40);
        }
        return d;
      }
      case 'title': return { title: norm(document.title) };
      case 'value': case 'checked': case 'enabled': case 'focused': case 'style': case 'options':
        return t ? diagnose(t, resolve(t)) : {};
      case 'order': return t ? { target: diagnose(t, resolve(t)) } : {};
    }
    return {};
  }

  const ok = (v) => (v instanceof Element ? v : 'ok:' + JSON.stringify(v === undefined ? null : v));

  // The settle tracker's originals, so that the engine's own polling is not
  // counted as the page's activity (and survives a page replacing them).
  const tracker = window[Symbol.for('vouch.settle')];
  const T = (tracker && tracker.orig) || { setTimeout, clearTimeout, requestAnimationFrame, MutationObserver };
  const setTimeout_ = T.setTimeout, clearTimeout_ = T.clearTimeout;

  // quietFor returns how long the page has been settled, in ms: 0 while
  // anything that could still change it before the deadline is pending, or
  // when the page cannot be observed (no tracker, frames, plugins).
  function quietFor(deadline) {
    const s = tracker;
    if (!s || document.readyState !== 'complete') return 0;
    for (const due of s.timers.values()) if (due <= deadline + 50) return 0;
    if (s.frames.size || s.idles.size || s.tasks > 0 || s.workers > 0) return 0;
    for (const c of s.conns) if (c.readyState !== 2 && c.readyState !== 3) return 0; // not CLOSING/CLOSED
    if (document.getAnimations().some((a) => a.playState === 'running')) return 0;
    // Frames and plugins cannot be observed; a meta refresh navigates later.
    if (document.querySelector('iframe,frame,object,embed,meta[http-equiv="refresh" i]')) return 0;
    for (const m of document.querySelectorAll('video,audio')) if (!m.paused) return 0;
    return Math.max(0, performance.now() - s.last);
  }

  if (args.op === 'settle') {
    // Resolve once the DOM has had no mutation for args.quiet ms (or timeout).
    // The tracker has seen every mutation of the earlier tasks (observers
    // are told at the end of the task that mutated), so a DOM quiet for
    // long enough already resolves at once; else the wait is what remains.
    const since = tracker && typeof tracker.mut === 'number' ? performance.now() - tracker.mut : 0;
    if (since >= args.quiet) return 'ok:null';
    return await new Promise((resolveP) => {
      let timer;
      const done = () => { obs.disconnect(); clearTimeout_(timer); clearTimeout_(cap); resolveP('ok:null'); };
      const obs = new T.MutationObserver(() => { clearTimeout_(timer); timer = setTimeout_(done, args.quiet); });
      obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      timer = setTimeout_(done, args.quiet - since);
      const cap = setTimeout_(done, args.timeout);
    });
  }

  const began = performance.now();
  const deadline = began + (args.timeout || 0);
  const frame = () => new Promise((r) => {
    // rAF is the tightest poll but stalls in hidden tabs; the timer bounds it.
    let done = false;
    const fin = () => { if (!done) { done = true; r(); } };
    T.requestAnimationFrame(fin);
    setTimeout_(fin, 32);
  });
  // A node the check found (a hidden match) is never serialised (the diagnosis
  // describes it): frameworks hang circular objects on their nodes.
  const no = (v, extra) => 'no:' + JSON.stringify(Object.assign({ last: v === undefined ? null : v instanceof Element ? null : v }, failure(), extra));
  for (;;) {
    // A target pinned in a part the page does not have holds nothing, not
    // even absence: the caller blocks the step (see no_region).
    sectionsMemo = null;
    besideMemo = null;
    const miss = regionMissing(t);
    const noHead = !miss && headingMissing(t);
    const noPair = !miss && !noHead && besideMissing(t);
    const [done, v] = miss || noHead || noPair ? [false] : check();
    if (done) return ok(v);
    const now = performance.now();
    const extra = miss ? { no_region: t.in } : noHead ? { no_heading: t.under } : noPair || {};
    if (now >= deadline) return no(v, extra);
    if (args.settle > 0 && now - began >= (args.hold || 0)) {
      // Timers due before the step's budget ends keep the page unsettled.
      const q = quietFor(args.horizon > 0 ? began + args.horizon : deadline);
      if (q >= args.settle) return no(v, Object.assign(extra, { settled: Math.round(q) }));
    }
    await frame();
  }
})
