"""Tensors over NumPy arrays: indexing, slicing, partitions, iteration, writes."""

import numpy as np
import pytest

import cute_layout as cl
from cute_layout import Layout, Tensor


def test_indexing_reads_the_array_through_the_layout():
    a = np.arange(32, dtype=np.float32)
    t = Tensor(a, Layout((4, 8), (8, 1)))
    assert t[1, 2] == a[8 + 2]
    assert t[(1, 2)] == t[9]
    assert len(t) == 32
    assert list(t) == [a[Layout((4, 8), (8, 1))(i)] for i in range(32)]


def test_slicing_shares_the_data():
    a = np.arange(12)
    t = Tensor(a, Layout((4, 3), (3, 1)))
    row = t[2, None]
    assert row.values().tolist() == [6, 7, 8]
    col = t[cl._, 1]
    assert col.values().tolist() == [1, 4, 7, 10]
    col[None] = -1
    assert a[[1, 4, 7, 10]].tolist() == [-1] * 4
    t[0, 0] = 42
    assert a[0] == 42


def test_local_tile_and_local_partition():
    a = np.arange(48)
    t = Tensor(a, Layout((8, 6)))
    tile = t.local_tile((4, 3), (1, 1))
    assert tile.shape == (4, 3)
    assert tile.offset == 4 + 3 * 8
    assert tile.to_numpy().tolist() == a.reshape(6, 8).T[4:8, 3:6].tolist()
    part = t.local_partition(Layout.parse("(_2,_3):(_1,_2)"), 4)
    m0, n0 = 4 % 2, 4 // 2  # thread 4's coordinate in the (2,3) thread layout
    assert part.values().tolist() == [
        a[Layout((8, 6))(m, n)] for n in range(n0, 6, 3) for m in range(m0, 8, 2)
    ]


def test_swizzled_tensor():
    a = np.arange(64)
    c = cl.ComposedLayout(cl.Swizzle(2, 0, 3), 0, Layout.parse("(_8,_8):(_8,_1)"))
    t = Tensor(a, c)
    assert isinstance(t.layout, cl.ComposedLayout)
    assert [t[i] for i in range(64)] == [c(i) for i in range(64)]


def test_tv_partition():
    tv = cl.make_layout_tv(Layout((4, 2)), Layout((2, 2)))
    tile = Tensor(np.arange(32), Layout(tv.tiler))
    mine = tile.tv_partition(tv, 3)
    assert len(mine) == tv.values()
    cells = [tv.cell_of(3, v) for v in range(tv.values())]
    assert mine.values().tolist() == [Layout(tv.tiler)(m, n) for m, n in cells]


def test_to_numpy_and_array_protocol():
    t = Tensor(np.arange(6), Layout((2, 3)))
    assert np.asarray(t).shape == (2, 3)
    assert np.asarray(t, dtype=float).dtype == np.float64
    with pytest.raises(ValueError, match="outside"):
        Tensor(np.arange(6), Layout((2, 3)), 1)
