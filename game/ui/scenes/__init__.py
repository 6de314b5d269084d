"""The scenes, registered by name: the one place that knows them all.

A scene opens another through the app's navigator, ``app.go(name, **params)``, never by
importing it; ``build_scene`` looks the name up here and builds the scene with ``params``.
"""

from __future__ import annotations

from .confirm import ConfirmScene
from .continue_list import ContinueScene
from .glossary import GlossaryScene
from .hand_result import HandResultScene
from .help import HelpScene
from .learn import LearnScene
from .match_result import MatchResultScene
from .menu import MenuScene
from .new_match import NewMatchScene
from .pause import PauseScene
from .recent_hands import RecentHandsScene
from .review import ReviewScene
from .rules import RulesScene
from .settings import SettingsScene
from .stats import StatsScene
from .table import TableScene

SCENES = {cls.name: cls for cls in (MenuScene, NewMatchScene, TableScene, HandResultScene, MatchResultScene,
                                    RulesScene, SettingsScene, StatsScene, ContinueScene, ReviewScene,
                                    RecentHandsScene, LearnScene, PauseScene, HelpScene, GlossaryScene,
                                    ConfirmScene)}


def build_scene(app, name: str, **params):
    """The scene registered as ``name`` for ``app``; ValueError naming the scenes if unknown."""
    cls = SCENES.get(name)
    if cls is None:
        raise ValueError(f"unknown scene {name!r}; the scenes are: {', '.join(SCENES)}")
    return cls(app, **params)
