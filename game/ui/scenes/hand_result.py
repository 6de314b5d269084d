"""After a hand: the points of each side broken down, and the score moving."""

from __future__ import annotations

import pygame

from game.engine import codes
from game.i18n import _
from game.web import share

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..games import game_ui
from ..links import earlier_result

COUNT_TIME = 1.4   # seconds for the score to move
DEMO_WAIT = 4.0    # a demo goes on by itself


class HandResultScene(DialogScene):
    name = "hand-result"
    shot_after = 130  # the picture shows the score after it has moved

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.ui = game_ui(session.game, session.demo)
        self.obs = session.hand.observation(0)
        self.res = session.result()
        self.before = list(self.obs.score)
        self.after = list(self.res["score"])
        self.t = 0.0
        self.sounded = False  # the win or loss sounds as the scene first shows (it may be made ahead)
        self.deal_code, self.earlier, self.copying = codes.deal_code_of(session.hand), earlier_result(session), None
        self.shown_link = None  # the link, on the panel, when it could not be copied
        self.score_under = None  # (rect, y, the panel's inner rect, area, pixels) under the score (``draw``)

    @classmethod
    def panel_rect_in(cls, lay):
        return lay.dialog(0.72, 0.86 if lay.portrait else cls.height_share)

    def _made_by_us(self):
        res = self.res
        if res["thrown_in"]:
            return None
        if res.get("match_over"):
            return res["winner"] == 0
        gain = self.ui.side_totals(self.after)[0] - self.ui.side_totals(self.before)[0]
        loss = self.ui.side_totals(self.after)[1] - self.ui.side_totals(self.before)[1]
        return gain >= loss

    def enter(self):
        super().enter()
        if not self.sounded:
            self.sounded = True
            made = self._made_by_us()
            if made is not None:
                self.app.sounds.play("win" if made else "lose")

    def build(self):
        over = self.res.get("match_over")
        label, go_on = (_("Match result") if over else _("Next hand")), self.go_on
        if self.session.guide is not None:  # a lesson's hand: then a match of the game
            label, go_on = _("Play a match"), self.play_match
        main = [(_("Menu"), self.to_menu, False), (label, go_on, True)]
        more = [(_("Copy link"), self.copy_link, False), (_("Review"), self.review, False)]
        if self.layout.portrait:  # two rows on a narrow screen: the hand's links above, going on below
            lay, rect = self.layout, self.panel_rect()
            self.widgets = self.button_row(more, rect.move(0, -lay.button_h - lay.gap)) + self.button_row(main)
        else:
            self.widgets = self.button_row(main[:1] + more + main[1:])
        self.focus = len(self.widgets) - 1

    def copy_link(self):
        """The link that deals these cards again (with this result, to compare), to the clipboard."""
        self.copying = share.copy(codes.link(share.page_address() or codes.DEFAULT_BASE, deal=self.deal_code))

    def review(self):
        """The hand just played, step by step with all cards face up (back here when closed)."""
        self.app.go("review", record=self.session.hand_record(), compass=self.session.demo)

    def to_menu(self):
        self.app.home()

    def play_match(self):
        self.app.go("new-match", replace=True, game=self.session.game)

    def go_on(self):
        self.session.next_hand()
        self.app.go("match-result" if self.session.over else "table", replace=True, session=self.session)

    def back(self):
        self.to_menu()

    def update(self, dt):
        self.t += dt * float(self.app.settings["anim_speed"])
        if self.copying and self.copying.poll(dt) != share.PENDING:
            done, self.copying = self.copying, None
            if done.state == share.DONE:
                self.app.notify(_("Link copied."))
                return
            self.shown_link = done.text
            self.app.notify(_("Link printed in the terminal.") if done.state == share.PRINTED
                            else _("The browser did not copy the link: it is shown above the buttons."))
        if self.session.demo and self.t > DEMO_WAIT:
            self.go_on()

    def moving(self) -> bool:
        """The score counts up to the hand's."""
        return self.t <= 0.4 + COUNT_TIME

    def shown(self):
        return self.shown_link

    def shown_score(self):
        k = min(1.0, max(0.0, (self.t - 0.4) / COUNT_TIME))
        return [round(b + (a - b) * k) for b, a in zip(self.before, self.after)]

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surf):
        """The sentence saying what happened, the rows that add up to it and the score moving:
        stacked in portrait; in landscape the rows at the start and the score beside them.
        While only the score moves, the score's place alone is drawn again, from what lay under
        it (the whole panel took 2.2-2.9 ms natively in each frame of the count)."""
        if self.shown_ahead(surf):
            return
        app, under = self.app, self.score_under
        if not app.still_changed and app.last_picture is self and under is not None and surf is app.screen:
            rect, y, inner, area, pixels = under
            surf.set_clip(area)
            surf.blit(pixels, area)
            self.score(surf, rect, y)
            self.draw_code(surf, inner)  # what is drawn after the score, where it meets the score's place
            self.draw_widgets(surf)
            surf.set_clip(None)
            return
        for _step in self.draw_steps(surf):
            pass

    def score_area(self, rect, y) -> pygame.Rect:
        """Where ``score`` may draw from ``y`` in ``rect``: its lines, and the chips under each."""
        lay = self.layout
        rows = 4 if self.ui.per_player else 2
        height = lay.small + 12 + rows * (lay.body + 12 + (36 if self.ui.chips else 0)) + 16
        return pygame.Rect(rect.left - 8, y - 8, rect.width + 16, height + 16).clip(self.layout.rect)

    def draw_steps(self, surf):
        """``draw`` in pieces (the table ahead draws one a frame: ``App.ahead``)."""
        lay = self.layout
        rect = yield from self.panel_pieces(surf, _("Hand result"))
        yield
        inner = rect.inflate(-2 * lay.margin, 0)
        y = rect.top + lay.margin + lay.large + 20
        sentence = self.ui.result_headline(self.obs, self.res)
        y += gfx.blit_wrapped(surf, sentence, lay.body, pygame.Rect(inner.left, y, inner.width, 0), style.TEXT,
                              bold=True, spacing=1.25) + lay.gap
        yield
        rows = self.ui.result_rows(self.obs, self.res)
        if lay.portrait:
            table, score = inner, inner
        else:
            table = pygame.Rect(inner.left, y, inner.width * 3 // 5, 0)
            score = pygame.Rect(table.right + lay.margin, y, inner.right - table.right - lay.margin, 0)
            table, score = direction.flip(table, inner), direction.flip(score, inner)  # the rows at the start
        top = y
        if rows or self.ui.per_player:  # a per-player table keeps its headings when the hand is thrown in
            y = self.table(surf, table, y, self.ui.result_header(), rows)
        yield
        at = y + lay.gap * 2 if lay.portrait else top
        area = self.score_area(score, at)
        self.score_under = score, at, inner, area, surf.subsurface(area).copy()
        self.score(surf, score, at)
        yield
        self.draw_code(surf, inner)
        yield
        self.draw_widgets(surf)

    def draw_code(self, surf, rect):
        """The deal code above the buttons, and what the same cards came to last time."""
        lay = self.layout
        y = min(w.rect.top for w in self.widgets) - lay.small - 12
        lines = [self.shown_link or _("Deal code: {code}").format(code=self.deal_code)]
        if self.earlier:
            us, them = self.earlier.points
            lines.insert(0, _("Last time with these cards: {us} to {them}, score {change}").format(
                us=us, them=them, change=f"{self.earlier.change[0]:+d}"))
        shown = [piece for line in lines for piece in kit.text.wrap_anywhere(line, lay.small, rect.width)]
        band = kit.text.band(lay.small)  # each line centred on a Latin line's band: an Arabic
        for line in reversed(shown):         # line's taller picture, hung from its top, came down
            gfx.blit_text(surf, line, lay.small, (rect.centerx, y + band // 2), style.TEXT_DIM, "center")
            y -= lay.small + 8               # over the code (a code is one long word: two lines on a phone)

    def table_cells(self, rect, header, rows):
        """Where each heading and cell goes: (text, size, pos, colour, bold, room) per cell, and
        the bottom.  The first column wraps a long label; every cell of a row is centred on the
        row's middle by its ink (the Arabic font's letters sit high in their line)."""
        lay = self.layout
        size = lay.body
        cols = [rect.left] + [rect.left + int(rect.width * share) for share in self.ui.result_columns]
        rooms = [int(right - left - 12) for left, right in zip(cols, cols[1:] + [rect.right])]
        out = []
        y = rect.top
        head_h = 0
        for i, h in enumerate(header):
            fit = kit.text.fit_size(h, lay.small, rooms[i], True)
            lines = kit.text.heading_lines(h, fit, rooms[i])
            for n, line in enumerate(lines):
                out.append((line, fit, (cols[i], y + n * int(fit * 1.2)), style.TEXT_DIM, True, rooms[i]))
            head_h = max(head_h, len(lines) * int(fit * 1.2))
        y += head_h + 12
        for row in rows:
            label = str(row[0])
            lines = kit.text.wrap(label, size, rooms[0], True)
            line_h = int(size * 1.25)
            height = max(1, len(lines)) * line_h
            middle = y + height // 2
            for n, line in enumerate(lines):
                centre = y + n * line_h + line_h // 2
                out.append((line, size, (cols[0], centre - kit.text.ink_offset(line, size, True)), style.TEXT, True,
                            rooms[0], "midleft"))
            for i, cell in enumerate(row[1:], start=1):
                text = str(cell)
                colour = style.GOOD if text.startswith("+") and text != "+0" else \
                    style.BAD if text.startswith("-") else style.TEXT
                fit = kit.text.fit_size(text, size, rooms[i])
                out.append((text, fit, (cols[i], middle - kit.text.ink_offset(text, fit)), colour, False, rooms[i],
                            "midleft"))
            y += height + 14
        return out, y

    def table(self, surf, rect, y, header, rows):
        """The rows explaining the hand (a total right under what it adds up)."""
        cells, bottom = self.table_cells(pygame.Rect(rect.left, y, rect.width, 0), header, rows)
        for text, size, pos, colour, bold, _room, *anchor in cells:
            gfx.blit_text(surf, text, size, pos, colour, anchor[0] if anchor else "topleft", bold,
                          within=rect)  # columns from the start edge
        return bottom

    def score(self, surf, rect, y):
        """The score before and after, counting up; tokens (304) are shown as chips too."""
        lay = self.layout
        shown = self.shown_score()
        gfx.blit_text(surf, _("Score"), lay.small, (rect.left, y), style.TEXT_DIM, bold=True, within=rect)
        y += lay.small + 12
        arrow = direction.arrow()
        seats = [(s,) for s in (0, 1)] if not self.ui.per_player else [(s,) for s in (0, 2, 1, 3)]
        for (who,) in seats:
            side = who & 1
            name = self.ui.seat(who) if self.ui.per_player else self.ui.side(who)
            label = f"{name}  {self.before[who]} {arrow} {shown[who]}"
            size = kit.text.fit_size(label, lay.body, rect.width, True)
            gfx.blit_text(surf, label, size, (rect.left, y), style.SIDE_COLOURS[side], bold=True, within=rect)
            y += size + 12
            if self.ui.chips:
                self.chips(surf, rect, rect.left, y + 12, shown[who], rect.width, style.SIDE_COLOURS[side])
                y += 36
        return y

    def chips(self, surf, box, x, cy, n, width, colour):
        """``n`` token chips in a row from ``x`` (mirrored in ``box`` in right to left)."""
        r = max(6, min(12, int(width / max(1, n) / 2) - 1))
        for i in range(n):
            cx = int(direction.flip_x(x + r + i * (2 * r + 2), box))
            pygame.draw.circle(surf, colour, (cx, cy), r)
            pygame.draw.circle(surf, style.TEXT_DARK, (cx, cy), r, 2)

