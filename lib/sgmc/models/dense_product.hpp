// C += A B, in double or float, with Eigen's matrix-matrix kernel and packing buffers owned by the
// caller. Eigen's own product (`C.noalias() += A * B`) puts its buffers on
// the stack up to EIGEN_STACK_ALLOCATION_LIMIT (128 KiB) and on the heap
// beyond, i.e. in every evaluation of a model whose batch or layers are
// large; a step must not allocate (SPEC §0), so a model keeps one of these
// per product in its workspace. It uses Eigen's internal GEMM interface
// (Eigen 3.4), the one its own products call.
#pragma once

#include <Eigen/Core>

#include "sgmc/core/types.hpp"

namespace sgmc {

template <typename Scalar>
class DenseProduct {
 public:
  using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;

  /// Buffers for products C (at most rows x cols) += A (rows x depth) B.
  DenseProduct(Index rows, Index cols, Index depth) : blocking_(rows, cols, depth, 1, true) {
    blocking_.allocateAll();
  }
  DenseProduct(const DenseProduct&) = delete;  // the buffers are owned
  DenseProduct& operator=(const DenseProduct&) = delete;

  /// c += a b. `a` and `b` are dense blocks or their transposes, each
  /// stored with unit inner stride; c is column-major with unit inner
  /// stride and no larger than the constructor's bounds (smaller is fine:
  /// the buffers bound the blocks, not the problem).
  template <typename A, typename B>
  void add(Eigen::Ref<Matrix> c, const A& a, const B& b) {
    constexpr int kAOrder = A::IsRowMajor ? Eigen::RowMajor : Eigen::ColMajor;
    constexpr int kBOrder = B::IsRowMajor ? Eigen::RowMajor : Eigen::ColMajor;
    eigen_assert(a.innerStride() == 1 && b.innerStride() == 1);
    eigen_assert(a.rows() == c.rows() && b.cols() == c.cols() && a.cols() == b.rows());
    Eigen::internal::general_matrix_matrix_product<Eigen::Index, Scalar, kAOrder, false, Scalar, kBOrder,
                                                   false, Eigen::ColMajor, 1>::run(
        c.rows(), c.cols(), a.cols(), a.data(), a.outerStride(), b.data(), b.outerStride(), c.data(), 1,
        c.outerStride(), Scalar{1}, blocking_, nullptr);
  }

 private:
  Eigen::internal::gemm_blocking_space<Eigen::ColMajor, Scalar, Scalar, Eigen::Dynamic, Eigen::Dynamic,
                                       Eigen::Dynamic, 1, false>
      blocking_;
};

}  // namespace sgmc
