#include <cute/tensor.hpp>
using namespace cute;
int main() {
  // each case prints its tensor, then a line #####
  print_tensor(make_identity_tensor(make_shape(4,3))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<4>{},Int<3>{}))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<4>{}))); printf("#####\n");
  print_tensor(make_identity_tensor(4)); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<2>{},Int<3>{},Int<2>{}))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<2>{},Int<3>{},Int<2>{},Int<2>{}))); printf("#####\n");
  auto t = make_identity_tensor(make_shape(Int<4>{},Int<8>{}));
  print_tensor(t(_,3)); printf("#####\n");
  print_tensor(local_tile(t, make_shape(Int<2>{},Int<4>{}), make_coord(1,1))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<2>{},make_shape(Int<2>{},Int<2>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<4>{},Int<2>{}), make_stride(E<0>{}, E<1>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<4>{}), make_stride(E<0>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(0,0)), make_layout(make_shape(4,2), make_stride(E<0>{}*2, E<1>{}*3)))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(E<0>{}, Int<0>{}*E<1>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(E<0>{}, 0*E<1>{})))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<1>{},Int<1>{},Int<1>{},Int<1>{},Int<2>{}))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(E<0>{}, E<0>{}*Int<2>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(Int<0>{}), make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(Int<1>{}, Int<2>{})))); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<4>{}), make_stride(E<1>{})))); printf("#####\n");
  print_tensor(make_identity_tensor(make_shape(Int<100>{},Int<2>{}))(Int<99>{},_)); printf("#####\n");
  print_tensor(make_tensor(make_inttuple_iter(make_coord(Int<0>{},Int<0>{})), make_layout(make_shape(Int<2>{},Int<2>{}), make_stride(E<0>{}, -1*E<1>{})))); printf("#####\n");
}
