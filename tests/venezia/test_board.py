"""The shipped Venezia board and its loader/validator (spec V-B1..V-B6, V-C2, V-C5)."""

from __future__ import annotations

import copy
import itertools
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.venezia.board import (
    AXIAL_DIRECTIONS,
    BORDER_DISTANCE,
    Board,
    BoardError,
    axial_round,
    cartesian,
    data_dir,
    hex_distance,
    load_board,
    load_components,
    parse_board,
)

BOARD_PATH = Path(__file__).resolve().parents[2] / "data" / "venezia" / "board.json"
RAW: dict[str, Any] = json.loads(BOARD_PATH.read_text(encoding="utf-8"))
COMPONENTS = load_components()


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def raw() -> dict[str, Any]:
    return copy.deepcopy(RAW)


def hex_entry(data: dict[str, Any], label: str) -> dict[str, Any]:
    return next(h for h in data["hexes"] if h["label"] == label)


def space_entry(data: dict[str, Any], space: int) -> dict[str, Any]:
    return next(t for t in data["track"] if t["space"] == space)


def rejects(data: dict[str, Any], *fragments: str, components: dict[str, Any] | None = None) -> str:
    """parse_board must raise BoardError whose message contains every fragment."""
    with pytest.raises(BoardError) as info:
        parse_board(data, components or COMPONENTS)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# --- the shipped board -------------------------------------------------------------------------


def test_shipped_board_loads_and_is_cached(board: Board) -> None:
    assert load_board() is board  # lru_cache on the default path
    assert data_dir() == BOARD_PATH.parents[1]
    fresh = load_board(BOARD_PATH)
    assert fresh is not board and fresh == board
    assert load_board(str(BOARD_PATH)).hexes == board.hexes


def test_v_b1_five_named_districts(board: Board) -> None:
    assert board.districts == {
        "C": "Cannaregio",
        "K": "Castello",
        "P": "San Polo",
        "M": "San Marco",
        "D": "Dorsoduro",
    }


def test_v_b1_district_sizes_differ(board: Board) -> None:
    sizes = {d: len(board.district_hexes(d)) for d in board.districts}
    assert sizes == {"C": 32, "K": 29, "P": 14, "M": 13, "D": 22}
    assert sum(sizes.values()) == len(board.hexes)
    assert min(sizes.values()) <= 15 and max(sizes.values()) >= 28


def test_v_b1_labels_are_district_letter_and_reading_order_number(board: Board) -> None:
    for did in board.districts:
        labels = board.district_hexes(did)
        in_reading_order = sorted(labels, key=lambda x: (board.hexes[x].r, board.hexes[x].q))
        assert [int(x[1:]) for x in in_reading_order] == list(range(1, len(labels) + 1))
        assert all(board.hexes[x].district == did for x in labels)


def test_v_b1_hexes_of_different_districts_never_adjacent(board: Board) -> None:
    for a, b in itertools.combinations(board.hexes.values(), 2):
        if hex_distance(a.coords, b.coords) == 1:
            assert a.district == b.district, (a.label, b.label)


def test_v_b1_each_district_connected(board: Board) -> None:
    for did in board.districts:
        labels = board.district_hexes(did)
        seen, todo = {labels[0]}, [labels[0]]
        while todo:
            for nb in board.neighbors[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        assert seen == set(labels), did


def test_v_b6_neighbors_same_district_symmetric_in_board_order(board: Board) -> None:
    order = list(board.hexes)
    for label, nbs in board.neighbors.items():
        h = board.hexes[label]
        expected = [
            board.hex_at(h.q + dq, h.r + dr) for dq, dr in AXIAL_DIRECTIONS
        ]  # all land neighbours are of the same district (V-B1)
        assert set(nbs) == {x.label for x in expected if x is not None}
        assert list(nbs) == sorted(nbs, key=order.index)
        for nb in nbs:
            assert board.hexes[nb].district == h.district
            assert label in board.neighbors[nb]
            assert board.adjacent(label, nb)
    assert board.neighbors["M6"] == ("M1", "M2", "M5", "M7", "M9", "M10")


def test_v_b2_hex_kinds_and_stone_sites(board: Board) -> None:
    assert {h.kind for h in board.hexes.values()} == {"plain", "stone", "building"}
    for did in board.districts:
        stones = [x for x in board.district_hexes(did) if board.hexes[x].kind == "stone"]
        assert 2 <= len(stones) <= 4, did


def test_v_b5_plain_hexes_match_swamp_tokens(board: Board) -> None:
    plain = [h for h in board.hexes.values() if h.kind == "plain"]
    assert len(plain) == sum(COMPONENTS["swamp_tokens"].values()) == 86


def test_v_b5_one_prebuilt_building_of_each_type_with_its_shape(board: Board) -> None:
    by_type = {p.type: p.hexes for p in board.prebuilt}
    assert sorted(by_type) == sorted(COMPONENTS["building_types"])
    assert len(board.prebuilt) == 5
    basilica = by_type["basilica"]
    assert len(basilica) == 3
    assert all(board.adjacent(a, b) for a, b in itertools.combinations(basilica, 2))
    palazzo = by_type["palazzo"]
    assert len(palazzo) == 2 and board.adjacent(*palazzo)
    assert len(by_type["campo"]) == 1 and len(by_type["casa"]) == 1
    ponte = by_type["ponte"]
    site = board.bridge_at(ponte[0])
    assert site is not None and set(site.hexes) == set(ponte)
    covered = [x for p in board.prebuilt for x in p.hexes]
    assert len(covered) == len(set(covered))
    assert set(covered) == {h.label for h in board.hexes.values() if h.kind == "building"}


def test_v_b5_supply_left_to_build_is_4_5_5_5_18(board: Board) -> None:
    placed = {p.type: 1 for p in board.prebuilt}
    left = {t: n - placed[t] for t, n in COMPONENTS["pieces"].items()}
    assert left == {"basilica": 4, "palazzo": 5, "campo": 5, "ponte": 5, "casa": 18}


def test_v_b3_bridge_sites(board: Board) -> None:
    assert len(board.bridges) >= 8
    ends = [x for s in board.bridges for x in s.hexes]
    assert len(ends) == len(set(ends)), "a hex is in at most one bridge site"
    ponte = next(p for p in board.prebuilt if p.type == "ponte")
    for site in board.bridges:
        a, b = (board.hexes[x] for x in site.hexes)
        assert site.districts == (a.district, b.district)
        assert a.district != b.district
        assert hex_distance(a.coords, b.coords) == 2
        assert b.label not in board.neighbors[a.label]
        if set(site.hexes) != set(ponte.hexes):
            assert a.kind in ("plain", "stone") and b.kind in ("plain", "stone")
        assert board.bridge_at(a.label) is site and board.bridge_at(b.label) is site
    assert {d for s in board.bridges for d in s.districts} == set(board.districts)
    assert board.bridge_at("C1") is None


def test_v_c5_track_has_start_60_spaces_and_15_mooring_posts(board: Board) -> None:
    assert len(board.track) == 76 and board.last_space == 75
    assert [t.space for t in board.track] == list(range(76))


def test_v_b4_space_10_45_is_one_space_bordering_four_districts(board: Board) -> None:
    a, b = board.track[10], board.track[45]
    assert (a.x, a.y) == (b.x, b.y)
    assert a.borders == b.borders == {"C", "K", "P", "M"}
    others = [(t.x, t.y) for t in board.track if t.space not in (10, 45)]
    assert len(others) == len(set(others)) and (a.x, a.y) not in others


def test_v_b4_border_counts(board: Board) -> None:
    for t in board.track:
        if t.space in (10, 45):
            continue
        if 1 <= t.space <= 56:
            assert 1 <= len(t.borders) <= 2, t
        else:
            assert t.borders == frozenset(), t
        assert board.space_borders(t.space) == t.borders


def test_v_b4_borders_are_geometrically_honest(board: Board) -> None:
    for t in board.track:
        px, py = cartesian(t.x, t.y)
        for did in board.districts:
            nearest = min(
                math.dist((px, py), cartesian(board.hexes[x].q, board.hexes[x].r))
                for x in board.district_hexes(did)
            )
            assert (nearest <= BORDER_DISTANCE) == (did in t.borders), (t.space, did, nearest)
            # comfortably inside/outside the limit, not by a rounding hair
            assert abs(nearest - BORDER_DISTANCE) >= 0.05, (t.space, did, nearest)


def test_v_b4_track_runs_through_water_in_small_steps(board: Board) -> None:
    land = {h.coords for h in board.hexes.values()}
    centres = [cartesian(h.q, h.r) for h in board.hexes.values()]
    points = [cartesian(t.x, t.y) for t in board.track]
    for t, p in zip(board.track, points, strict=True):
        assert axial_round(t.x, t.y) not in land, t
        assert min(math.dist(p, c) for c in centres) > 0.85, t
    for n in range(1, 75):
        assert 0.5 <= math.dist(points[n], points[n + 1]) <= 1.25, n
    # the start, 57-60 and the posts lie in open water away from the islands
    for n in [0, *range(57, 76)]:
        assert min(math.dist(points[n], c) for c in centres) > 1.7, n


def test_board_lookups(board: Board) -> None:
    c7 = board.hexes["C7"]
    assert board.hex_at(c7.q, c7.r) is c7
    assert board.hex_at(-50, -50) is None
    for text in ("C7", "c7", " c07 ", "C 7"):
        assert board.find_hex(text) is c7, text
    for text in ("", "7C", "C0", "C99", "X1", "CC7", "C7x"):
        assert board.find_hex(text) is None, text
    assert board.district_hexes("P") == tuple(f"P{n}" for n in range(1, 15))
    assert board.district_hexes("Z") == ()


def test_geometry_helpers() -> None:
    assert cartesian(1, 0) == (1.0, 0.0)
    x, y = cartesian(0, 1)
    assert math.isclose(math.hypot(x, y), 1.0)
    assert hex_distance((0, 0), (2, -1)) == 2
    assert axial_round(0.4, 0.1) == (0, 0)
    assert axial_round(0.6, 0.3) == (1, 0)
    for dq, dr in AXIAL_DIRECTIONS:
        assert math.isclose(math.dist((0, 0), cartesian(dq, dr)), 1.0)


# --- validation: every rule refuses a broken copy -------------------------------------------------


def test_valid_copy_parses() -> None:
    assert parse_board(raw(), COMPONENTS).name == RAW["name"]


def test_v_b5_unknown_and_missing_keys() -> None:
    data = raw()
    data["colour"] = "blue"
    rejects(data, "unknown key", "colour")
    data = raw()
    del data["bridges"]
    rejects(data, "missing", "bridges")
    data = raw()
    data["hexes"][3]["height"] = 2
    rejects(data, "hex #3", "unknown key", "height")
    data = raw()
    data["track"][5]["colour"] = "red"
    rejects(data, "track entry #5", "unknown key", "colour")
    data = raw()
    data["_note"] = "comments are allowed"
    parse_board(data, COMPONENTS)


def test_v_b1_orientation_must_be_pointy() -> None:
    data = raw()
    data["orientation"] = "flat"
    rejects(data, "V-B1", "pointy")


def test_v_b1_district_rules() -> None:
    data = raw()
    data["districts"].pop()
    rejects(data, "V-B1", "5 districts")
    data = raw()
    data["districts"][1]["id"] = "C"
    rejects(data, "duplicate district id 'C'")
    data = raw()
    data["districts"][1]["id"] = "ka"
    rejects(data, "one capital letter")


def test_v_b2_unknown_hex_kind() -> None:
    data = raw()
    hex_entry(data, "C5")["kind"] = "forest"
    rejects(data, "V-B2", "'C5'", "unknown kind 'forest'")


def test_v_b1_unknown_district_on_hex() -> None:
    data = raw()
    hex_entry(data, "C5")["district"] = "X"
    rejects(data, "V-B1", "'C5'", "unknown district id 'X'")


def test_v_b1_duplicate_label() -> None:
    data = raw()
    hex_entry(data, "C6")["label"] = "C5"
    rejects(data, "duplicate hex label 'C5'")


def test_v_b1_duplicate_coordinates() -> None:
    data = raw()
    c5, c6 = hex_entry(data, "C5"), hex_entry(data, "C6")
    c6["q"], c6["r"] = c5["q"], c5["r"]
    rejects(data, "duplicate coordinates", "'C5'", "'C6'")


def test_v_b1_label_must_start_with_district_id() -> None:
    data = raw()
    hex_entry(data, "C5")["label"] = "K99"
    rejects(data, "'K99'", "must start with its district id 'C'")


def test_v_b1_labels_numbered_in_reading_order() -> None:
    data = raw()
    hex_entry(data, "C5")["label"] = "C50"
    rejects(data, "'C50'", "should be labelled C5", "reading order")
    data = raw()
    a, b = hex_entry(data, "C5"), hex_entry(data, "C6")
    a["label"], b["label"] = "C6", "C5"
    rejects(data, "reading order")


def test_v_b1_integer_coordinates() -> None:
    data = raw()
    hex_entry(data, "C5")["q"] = 1.5
    rejects(data, "'C5'", "must be an integer")


def test_v_b1_cross_district_adjacency() -> None:
    data = raw()
    c32 = hex_entry(data, "C32")  # the Cannaregio corner at the 10/45 junction
    data["hexes"].append(  # a Castello hex in the canal right below it
        {"label": "K30", "district": "K", "q": c32["q"], "r": c32["r"] + 1, "kind": "stone"}
    )
    rejects(data, "V-B1", "adjacent", "another district")


def test_v_b1_disconnected_district() -> None:
    data = raw()
    d22 = hex_entry(data, "D22")  # last in reading order: moving it south keeps the numbering
    d22["q"], d22["r"] = 0, 30
    rejects(data, "V-B1", "district D is not connected", "D22")


def test_v_b5_plain_count_must_match_swamp_tokens() -> None:
    data = raw()
    hex_entry(data, "C1")["kind"] = "stone"
    rejects(data, "V-B5", "85 plain hexes", "86 swamp tokens")
    components = copy.deepcopy(COMPONENTS)
    components["swamp_tokens"]["0"] += 1
    rejects(raw(), "86 plain hexes", "87 swamp tokens", components=components)


def test_v_b5_every_district_has_a_stone_site() -> None:
    data = raw()
    for label in ("P2", "P14"):  # San Polo's stone sites become plain ...
        assert hex_entry(data, label)["kind"] == "stone"
        hex_entry(data, label)["kind"] = "plain"
    for label in ("C1", "K1"):  # ... and two plain hexes elsewhere stone: still 86 plain
        hex_entry(data, label)["kind"] = "stone"
    rejects(data, "V-B5", "district P has no stone site")


def test_v_b5_prebuilt_unknown_type_duplicate_and_missing() -> None:
    data = raw()
    data["prebuilt"][0]["type"] = "tower"
    rejects(data, "unknown building type 'tower'")
    data = raw()
    data["prebuilt"].append({"type": "campo", "hexes": ["C2"]})
    hex_entry(data, "C2")["kind"] = "building"  # was stone
    rejects(data, "more than one pre-placed campo")
    data = raw()
    data["prebuilt"] = [p for p in data["prebuilt"] if p["type"] != "casa"]
    rejects(data, "no pre-placed casa")
    data = raw()
    data["prebuilt"][0]["hexes"][0] = "M99"
    rejects(data, "unknown hex 'M99'")


def test_v_b5_basilica_must_be_a_triangle() -> None:
    data = raw()
    basilica = next(p for p in data["prebuilt"] if p["type"] == "basilica")
    assert basilica["hexes"] == ["M6", "M7", "M10"]
    basilica["hexes"] = ["M6", "M7", "M12"]
    hex_entry(data, "M12")["kind"] = "building"  # was stone
    hex_entry(data, "M10")["kind"] = "stone"
    rejects(data, "V-B5", "basilica", "triangle", "not adjacent")


def test_v_b5_prebuilt_hex_count() -> None:
    data = raw()
    basilica = next(p for p in data["prebuilt"] if p["type"] == "basilica")
    basilica["hexes"] = ["M6", "M7"]
    hex_entry(data, "M10")["kind"] = "stone"
    rejects(data, "basilica", "must cover 3 hex(es), got 2")


def test_v_b5_palazzo_must_be_adjacent_pair_in_one_district() -> None:
    data = raw()
    palazzo = next(p for p in data["prebuilt"] if p["type"] == "palazzo")
    assert palazzo["hexes"] == ["D10", "D11"]
    palazzo["hexes"] = ["D10", "D12"]
    hex_entry(data, "D12")["kind"] = "building"
    hex_entry(data, "D11")["kind"] = "plain"
    rejects(data, "palazzo", "adjacent", "not adjacent")


def test_v_b5_ponte_must_cover_a_bridge_site() -> None:
    data = raw()
    ponte = next(p for p in data["prebuilt"] if p["type"] == "ponte")
    assert ponte["hexes"] == ["P8", "M5"]
    ponte["hexes"] = ["P8", "M9"]
    hex_entry(data, "M9")["kind"] = "building"
    hex_entry(data, "M5")["kind"] = "plain"
    rejects(data, "ponte", "one bridge site")


def test_v_b2_prebuilt_hexes_are_buildings_and_vice_versa() -> None:
    data = raw()
    hex_entry(data, "C11")["kind"] = "plain"  # the casa
    hex_entry(data, "C1")["kind"] = "stone"
    rejects(data, "V-B2", "'C11'", "must have kind 'building'")
    data = raw()
    hex_entry(data, "C1")["kind"] = "building"  # a building hex without a building
    hex_entry(data, "C2")["kind"] = "plain"  # (was stone: plain count unchanged)
    rejects(data, "V-B2", "'C1'", "no pre-placed building")
    data = raw()
    data["prebuilt"][4]["hexes"] = ["M6"]  # casa on a basilica hex
    hex_entry(data, "C11")["kind"] = "plain"
    hex_entry(data, "C1")["kind"] = "stone"
    rejects(data, "V-B2", "'M6'", "basilica and casa")


def test_v_b3_bridge_endpoint_not_under_another_building() -> None:
    data = raw()
    data["prebuilt"][4]["hexes"] = ["C14"]  # move the casa onto a bridge end
    hex_entry(data, "C14")["kind"] = "building"
    hex_entry(data, "C11")["kind"] = "plain"
    rejects(data, "V-B3", "C14-K6", "pre-placed casa")


def test_v_b3_bridge_site_rules() -> None:
    data = raw()
    data["bridges"][1]["hexes"] = ["C14", "C13"]
    rejects(data, "V-B3", "joins two hexes of district C")
    data = raw()
    data["bridges"][1]["hexes"] = ["C14", "K7"]  # 3 apart
    rejects(data, "V-B3", "hex distance 2", "got distance 3")
    data = raw()
    data["bridges"][1]["hexes"] = ["C14"]
    rejects(data, "V-B3", "exactly 2 hexes")
    data = raw()
    data["bridges"][1]["hexes"] = ["C14", "Q1"]
    rejects(data, "V-B3", "unknown hex 'Q1'")
    data = raw()
    data["bridges"].append({"hexes": ["C14", "K6"]})
    rejects(data, "V-B3", "'C14'", "at most one bridge site")


def test_v_b5_at_least_eight_bridge_sites() -> None:
    data = raw()
    ponte = next(p for p in data["prebuilt"] if p["type"] == "ponte")["hexes"]
    others = [b for b in data["bridges"] if set(b["hexes"]) != set(ponte)]
    data["bridges"] = [{"hexes": ponte}, *others[:6]]
    rejects(data, "V-B5", "at least 8 bridge sites", "got 7")


def free_sites(board: Board, exclude: set[str]) -> list[list[str]]:
    """Possible extra bridge sites (hex distance 2, other districts) avoiding `exclude`."""
    used = {x for s in board.bridges for x in s.hexes}
    result: list[list[str]] = []
    for a, b in itertools.combinations(board.hexes.values(), 2):
        if a.district == b.district or {a.district, b.district} & exclude:
            continue
        if a.label in used or b.label in used or "building" in (a.kind, b.kind):
            continue
        if hex_distance(a.coords, b.coords) == 2:
            result.append([a.label, b.label])
            used |= {a.label, b.label}
    return result


def test_v_b5_every_district_reached_by_a_bridge(board: Board) -> None:
    data = raw()
    data["bridges"] = [b for b in data["bridges"] if not any(x[0] == "D" for x in b["hexes"])]
    extra = free_sites(board, {"D"})
    data["bridges"] += [{"hexes": s} for s in extra[: 8 - len(data["bridges"])]]
    assert len(data["bridges"]) >= 8
    rejects(data, "V-B5", "district D is not an endpoint of any bridge site")


def test_v_c5_track_spaces_complete_and_in_order() -> None:
    data = raw()
    data["track"].pop()
    rejects(data, "V-C5", "0..75", "got 75")
    data = raw()
    data["track"][5], data["track"][6] = data["track"][6], data["track"][5]
    rejects(data, "V-C5", "track entry #5 is space 6")
    components = copy.deepcopy(COMPONENTS)
    components["mooring_posts"] = 16
    rejects(raw(), "0..76", components=components)


def test_v_b4_space_10_and_45_are_one_space() -> None:
    data = raw()
    space_entry(data, 45)["x"] += 0.5
    rejects(data, "V-B4", "10 and 45", "same x, y")


def test_v_b4_space_10_45_borders_four() -> None:
    data = raw()
    for n in (10, 45):
        space_entry(data, n)["borders"] = ["C", "K", "P"]
    rejects(data, "V-B4", "10/45", "exactly four")


def test_v_b4_spaces_1_to_56_border_one_or_two() -> None:
    data = raw()
    space_entry(data, 20)["borders"] = []
    rejects(data, "V-B4", "track space 20", "one or two")
    data = raw()
    space_entry(data, 20)["borders"] = ["C", "K", "M"]
    rejects(data, "V-B4", "track space 20", "one or two")


def test_v_b4_start_finish_and_posts_border_none() -> None:
    for n in (0, 57, 60, 61, 75):
        data = raw()
        space_entry(data, n)["borders"] = ["K"]
        rejects(data, "V-B4", f"track space {n}", "must border no district")


def test_v_b4_border_district_must_exist() -> None:
    data = raw()
    space_entry(data, 20)["borders"] = ["Z"]
    rejects(data, "V-B4", "track space 20", "unknown district 'Z'")
    data = raw()
    space_entry(data, 20)["borders"] = ["K", "K"]
    rejects(data, "V-B4", "track space 20", "twice")


def test_v_b4_borders_must_be_geometrically_honest() -> None:
    data = raw()
    assert space_entry(data, 20)["borders"] == ["K"]
    space_entry(data, 20)["borders"] = ["C"]  # Cannaregio is nowhere near
    rejects(data, "V-B4", "track space 20", "geometrically honest", "['C']", "['K']")
    data = raw()
    space_entry(data, 8)["borders"] = ["C"]  # omits San Polo, right across the canal
    rejects(data, "track space 8", "geometrically honest", "misses ['P']")


def test_v_b4_track_space_not_on_land() -> None:
    data = raw()
    k10 = hex_entry(data, "K10")
    t = space_entry(data, 20)
    t["x"], t["y"] = k10["q"] + 0.1, k10["r"]
    rejects(data, "V-B4", "track space 20", "land hex 'K10'")


def test_v_b4_only_10_and_45_share_coordinates() -> None:
    data = raw()
    a, b = space_entry(data, 29), space_entry(data, 30)
    b["x"], b["y"], b["borders"] = a["x"], a["y"], a["borders"]
    rejects(data, "V-B4", "track space 30", "same coordinates as space 29")


def test_v_b4_track_numbers_must_be_numbers() -> None:
    data = raw()
    space_entry(data, 3)["x"] = "left"
    rejects(data, "track space 3 x", "finite number")
    data = raw()
    space_entry(data, 3)["y"] = math.inf
    rejects(data, "track space 3 y", "finite number")


def test_load_board_from_a_file_validates(tmp_path: Path) -> None:
    data = raw()
    hex_entry(data, "C1")["kind"] = "stone"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BoardError, match="85 plain hexes"):
        load_board(path)
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(BoardError, match="JSON object"):
        load_board(path)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(hexes="not a list"),
        lambda d: d["hexes"].__setitem__(0, "C1"),
        lambda d: d.update(name=""),
        lambda d: d["track"][3].update(space=True),
    ],
)
def test_malformed_values_raise_board_error(mutate: Callable[[dict[str, Any]], None]) -> None:
    data = raw()
    mutate(data)
    with pytest.raises(BoardError):
        parse_board(data, COMPONENTS)
